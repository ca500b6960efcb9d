/**
 * A customer's statement as CSV, in the export's two formats and with its guard
 * (export/csv.ts: every text cell quoted and made inert for a spreadsheet, amounts plain numbers).
 * One row per statement row, per currency in code order, then the payments that could not be
 * placed (their balance cell empty: they are in no balance), and how many more there are. Headers
 * and words in the UI language. The file is what the owner sends the customer, so it is made from
 * the customer's statement, and a payment whose invoice the copy does not know (it may be another
 * customer's) is never in it.
 */
import type { Language } from '../common/settings';
import type { CustomerStatement, NotPlacedReason, StatementRow } from '../common/statement';
import type { CellValue, CsvFormat, ExportColumn } from './columns';
import { toCsv } from './csv';

const HEADERS: Record<Language, Record<'date' | 'kind' | 'invoice' | 'amount' | 'currency' | 'balance', string>> = {
  sv: { date: 'Datum', kind: 'Typ', invoice: 'Faktura', amount: 'Belopp', currency: 'Valuta', balance: 'Saldo' },
  en: { date: 'Date', kind: 'Kind', invoice: 'Invoice', amount: 'Amount', currency: 'Currency', balance: 'Balance' },
};
const KINDS: Record<Language, Record<StatementRow['kind'], string>> = {
  sv: { invoice: 'Faktura', credit: 'Kredit', payment: 'Betalning' },
  en: { invoice: 'Invoice', credit: 'Credit', payment: 'Payment' },
};
const NOT_PLACED: Record<Language, Record<NotPlacedReason, string>> = {
  sv: { draft: 'Ej placerad: fakturan är ett utkast', cancelled: 'Ej placerad: fakturan är makulerad', 'invoice-unknown': 'Ej placerad: okänd faktura', 'no-date': 'Ej placerad: inget datum', 'invoice-later': 'Ej placerad: fakturan är daterad senare', 'invoice-no-date': 'Ej placerad: fakturan saknar datum' },
  en: { draft: 'Not placed: the invoice is a draft', cancelled: 'Not placed: the invoice is cancelled', 'invoice-unknown': 'Not placed: unknown invoice', 'no-date': 'Not placed: no date', 'invoice-later': 'Not placed: the invoice is dated later', 'invoice-no-date': 'Not placed: the invoice has no date' },
};

const MORE: Record<Language, (count: number) => string> = {
  sv: (count) => `Ej placerade: ${count} till, inte listade`,
  en: (count) => `Not placed: ${count} more, not listed`,
};

/** `Kontoutdrag 1001 2026-06-30.csv` / `Statement 1001 2026-06-30.csv`. */
export function statementFileName(customerNumber: string, asOf: string, language: Language): string {
  return `${language === 'sv' ? 'Kontoutdrag' : 'Statement'} ${customerNumber} ${asOf}.csv`;
}

export function statementCsv(statement: CustomerStatement, format: CsvFormat, language: Language): string {
  const h = HEADERS[language];
  const columns: ExportColumn[] = (['date', 'kind', 'invoice', 'amount', 'currency', 'balance'] as const).map((id) => ({ id, header: h[id] }));
  const rows: CellValue[][] = [];
  for (const [currency, c] of Object.entries(statement.currencies)) {
    for (const row of c.rows) rows.push([row.date, KINDS[language][row.kind], row.documentNumber, row.amount, currency, row.balance]);
  }
  for (const [currency, c] of Object.entries(statement.currencies)) {
    for (const p of c.notPlaced) if (p.reason !== 'invoice-unknown') rows.push([p.paymentDate, NOT_PLACED[language][p.reason], p.invoiceNumber, -p.amount, p.currency || currency, '']);
  }
  if (statement.notPlacedMore > 0) rows.push(['', MORE[language](statement.notPlacedMore), '', '', '', '']);
  return toCsv(rows, { columns, format });
}
