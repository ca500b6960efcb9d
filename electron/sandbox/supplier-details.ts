// What only the single supplier invoice carries: VAT, round-off, references and its rows, derived
// (not stored) from the record's Total, currency and cost account with PRNGs seeded by seed, tenant
// and GivenNumber, so they are the same on every call and follow a Total changed by a test.
//
// The rows are the invoice's voucher, as the service books a supplier invoice:
//   debit   the cost account(s)                      net
//   debit   2640 Ingående moms                        VAT           (Swedish suppliers)
//   debit   3740 Öres- och kronutjämning              round-off     (when not 0; credit if negative)
//   credit  2440 Leverantörsskulder                   Total
// A foreign supplier (EUR, USD) bills without Swedish VAT: reverse charge adds 2645 debit and 2614
// credit of 25 % of the net, which cancel out. A credit invoice swaps every side. Debit equals
// credit to the öre in the invoice's currency (DebitCurrency/CreditCurrency) and in SEK
// (Debit/Credit, each rounded to the öre, the first cost row taking the rounding difference).

import { FIRST_NAMES, SURNAMES } from './names';
import { createRng } from './prng';
import type { StoredSupplierInvoice } from './supplier-data';
import { ACCOUNTS, COST_ACCOUNTS } from './supplier-registry';

export interface SupplierInvoiceRow {
  Account: number;
  AccountDescription: string;
  ArticleNumber: string;
  Code: string;
  CostCenter: string;
  Credit: number;
  CreditCurrency: number;
  Debit: number;
  DebitCurrency: number;
  ItemDescription: string;
  Price: number;
  Project: string;
  Quantity: number;
  Total: number;
  TransactionInformation: string;
  Unit: string;
}

export interface SupplierInvoiceDetails {
  VAT: number;
  VATType: 'NORMAL' | 'EUINTERNAL' | 'REVERSE';
  RoundOffValue: number;
  OurReference: string;
  YourReference: string;
  Comments: string;
  rows: SupplierInvoiceRow[];
}

const COMMENTS = ['', '', '', '', 'Attesteras av inköpsansvarig.', 'Avser ramavtal 2024.', 'Kontrollera mot följesedel.', 'Delleverans.'];

/** Half away from zero, as money is rounded. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

interface Entry {
  account: { account: number; description: string };
  /** Amount in öre of the invoice's currency, on the debit side when positive. */
  ore: number;
  code: string;
  cost?: { description: string; quantitySign: number };
}

export function describeSupplierInvoice(record: StoredSupplierInvoice, seed: string, tenantId: string, staff: readonly string[]): SupplierInvoiceDetails {
  const rng = createRng(`${seed}:${tenantId}:supplierinvoice:${record.GivenNumber}`);
  const contact = createRng(`${seed}:${tenantId}:supplier:${record.SupplierNumber}`);
  const cost = COST_ACCOUNTS.find((account) => account.account === record.costAccount) ?? (COST_ACCOUNTS[0] as (typeof COST_ACCOUNTS)[number]);
  const sign = record.Total < 0 ? -1 : 1;
  const amount = Math.abs(Math.round(record.Total * 100));
  const foreign = record.Currency !== 'SEK';

  let net = amount;
  let vat = 0;
  if (!foreign) {
    net = roundHalfAway((amount * 100) / (100 + cost.vatRate));
    vat = roundHalfAway((net * cost.vatRate) / 100);
  }
  const roundOff = amount - net - vat;

  // The net over one to three cost rows (deliveries, periods), the last one taking the remainder.
  const parts = rng.int(1, 3);
  const entries: Entry[] = [];
  let left = net;
  for (let i = 0; i < parts; i += 1) {
    const ore = i === parts - 1 ? left : Math.round((left * (0.3 + rng.next() * 0.4)) / (parts - i) * 1.5);
    left -= ore;
    const description = parts === 1 ? cost.description : `${cost.description}, del ${i + 1} av ${parts}`;
    entries.push({ account: { account: cost.account, description: cost.description }, ore, code: '', cost: { description, quantitySign: sign } });
  }
  if (vat !== 0) entries.push({ account: ACCOUNTS.inputVat, ore: vat, code: 'VAT' });
  if (foreign && cost.vatRate > 0) {
    const reverse = roundHalfAway(net * 0.25);
    entries.push({ account: ACCOUNTS.reverseInputVat, ore: reverse, code: 'VAT' }, { account: ACCOUNTS.reverseOutputVat, ore: -reverse, code: 'VAT' });
  }
  if (roundOff !== 0) entries.push({ account: ACCOUNTS.roundOff, ore: roundOff, code: 'ROV' });
  entries.push({ account: ACCOUNTS.payable, ore: -amount, code: 'TOT' });

  // SEK amounts: each row converted and rounded; the first cost row takes what rounding left over.
  const rate = Number(record.CurrencyRate) / (record.CurrencyUnit || 1) || 1;
  const sek = entries.map((entry) => roundHalfAway(entry.ore * rate));
  const imbalance = sek.reduce((sum, value) => sum + value, 0);
  sek[0] = (sek[0] as number) - imbalance;

  const rows = entries.map((entry, i): SupplierInvoiceRow => {
    const signed = entry.ore * sign; // a credit invoice swaps every side
    const signedSek = (sek[i] as number) * sign;
    return {
      Account: entry.account.account,
      AccountDescription: entry.account.description,
      ArticleNumber: '',
      Code: entry.code,
      CostCenter: entry.cost ? record.CostCenter : '',
      Credit: signedSek < 0 ? -signedSek / 100 : 0,
      CreditCurrency: signed < 0 ? -signed / 100 : 0,
      Debit: signedSek > 0 ? signedSek / 100 : 0,
      DebitCurrency: signed > 0 ? signed / 100 : 0,
      ItemDescription: entry.cost ? entry.cost.description : '',
      Price: entry.cost ? entry.ore / 100 : 0,
      Project: entry.cost ? record.Project : '',
      Quantity: entry.cost ? entry.cost.quantitySign : 0,
      Total: signed / 100,
      TransactionInformation: entry.cost ? `Faktura ${record.InvoiceNumber}, ${record.SupplierName}` : '',
      Unit: entry.cost ? 'st' : '',
    };
  });
  return {
    VAT: (sign * vat) / 100,
    VATType: !foreign ? 'NORMAL' : record.Currency === 'EUR' ? 'EUINTERNAL' : 'REVERSE',
    RoundOffValue: (sign * roundOff) / 100,
    OurReference: staff.length > 0 ? rng.pick(staff) : '',
    YourReference: contact.chance(0.8) ? `${contact.pick(FIRST_NAMES)} ${contact.pick(SURNAMES)}` : '',
    Comments: rng.pick(COMMENTS),
    rows,
  };
}
