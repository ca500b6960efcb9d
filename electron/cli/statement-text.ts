/**
 * A customer's statement for `report --customer`: the JSON other tools read (its field
 * names fixed) and the same as tables for a terminal. Values from common/statement.ts.
 */
import { ageingBuckets, type AgeingBucket } from '../common/ageing';
import { NOT_PLACED_LIMIT, type CustomerStatement, type NotPlacedPayment, type StatementRow } from '../common/statement';
import { terminalSafe } from './terminal-text';
import { money, table } from './terminal-table';

export interface StatementJson {
  customerNumber: string;
  name: string;
  asOf: string;
  currencies: Record<
    string,
    {
      balance: number;
      rows: Array<Pick<StatementRow, 'date' | 'kind' | 'documentNumber' | 'amount' | 'balance'>>;
      ageing: Record<AgeingBucket, number>;
      notPlaced: NotPlacedPayment[];
    }
  >;
  /** Payments not placed beyond those listed (at most 100 are), in any currency. */
  notPlacedMore: number;
}

/** Exactly the fields other tools read (a payment row's own number stays in the app's view). */
export function statementJson(statement: CustomerStatement): StatementJson {
  return {
    customerNumber: statement.customerNumber,
    name: statement.name,
    asOf: statement.asOf,
    currencies: Object.fromEntries(
      Object.entries(statement.currencies).map(([code, c]) => [
        code,
        { balance: c.balance, rows: c.rows.map((r) => ({ date: r.date, kind: r.kind, documentNumber: r.documentNumber, amount: r.amount, balance: r.balance })), ageing: c.ageing, notPlaced: c.notPlaced },
      ]),
    ),
    notPlacedMore: statement.notPlacedMore,
  };
}

const BUCKET_HEAD: Record<AgeingBucket, string> = { notDue: 'Not due', d1_30: '1-30', d31_60: '31-60', d61_90: '61-90', d90plus: 'Over 90' };
const REASON: Record<NotPlacedPayment['reason'], string> = {
  draft: 'its invoice is a draft',
  cancelled: 'its invoice is cancelled',
  'invoice-unknown': 'the copy does not know its invoice',
  'no-date': 'no payment date',
  'invoice-later': 'its invoice is dated after the day',
  'invoice-no-date': 'its invoice has no date',
};

/** The statement for a terminal: per currency its rows, balance and ageing, then what could not be placed. */
export function statementText(statement: CustomerStatement): string {
  const who = statement.name ? `${statement.name} (${statement.customerNumber})` : statement.customerNumber;
  const lines = [`Statement of customer ${terminalSafe(who)} as at ${statement.asOf} (amounts in each invoice's currency)`, ''];
  const codes = Object.keys(statement.currencies);
  if (codes.length === 0) lines.push('Nothing on or before that day.', '');
  for (const code of codes) {
    const c = statement.currencies[code]!;
    lines.push(`${terminalSafe(code)}: balance ${money(c.balance)}`, '');
    if (c.rows.length > 0) {
      const rows = c.rows.map((r) => [r.date, r.kind, r.documentNumber, money(r.amount), money(r.balance)]);
      lines.push(table([['Date', 'Kind', 'Invoice', 'Amount', 'Balance'], ...rows], [3, 4]), '');
    }
    lines.push(table([ageingBuckets.map((b) => BUCKET_HEAD[b]), ageingBuckets.map((b) => money(c.ageing[b]))], [0, 1, 2, 3, 4]), '');
    if (c.notPlaced.length > 0) {
      const rows = c.notPlaced.map((p) => [p.paymentDate || '-', p.number, p.invoiceNumber, money(p.amount), p.currency, REASON[p.reason]]);
      lines.push('Not placed (in no balance above):', '', table([['Date', 'Payment', 'Invoice', 'Amount', 'Currency', 'Why'], ...rows], [3]), '');
    }
  }
  if (statement.notPlacedMore > 0) lines.push(`${statement.notPlacedMore} more ${statement.notPlacedMore === 1 ? 'payment' : 'payments'} not placed, not listed (at most ${NOT_PLACED_LIMIT} are).`, '');
  return lines.join('\n');
}
