/**
 * A statement's CSV: the export's two formats and guard, the rows in order, what was not
 * placed last with no balance, and never a payment of an invoice the copy does not know (it may be
 * another customer's, and the file goes to this one).
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildStatement } from '../../../electron/common/statement';
import { statementCsv, statementFileName } from '../../../electron/export/statement-csv';

const statement = {
  customerNumber: '7',
  name: 'Berg AB',
  asOf: '2026-03-31',
  notPlacedMore: 0,
  currencies: buildStatement(
    [
      { documentNumber: '1', invoiceDate: '2026-01-05', dueDate: '2026-02-04', total: 1000.5, currency: 'SEK', booked: true, cancelled: false },
      { documentNumber: '=2+2', invoiceDate: '2026-01-06', dueDate: '2026-02-05', total: -200, currency: 'SEK', booked: true, cancelled: false },
      { documentNumber: '3', invoiceDate: '2026-01-07', dueDate: '2026-02-06', total: 50, currency: 'SEK', booked: false, cancelled: false },
    ],
    [
      { number: '10', invoiceNumber: '1', paymentDate: '2026-02-01', amount: 400, currency: 'SEK' },
      { number: '11', invoiceNumber: '3', paymentDate: '2026-02-02', amount: 5, currency: '@SEK' },
      { number: '12', invoiceNumber: '99', paymentDate: '2026-02-03', amount: 7, currency: 'SEK' },
      { number: '13', invoiceNumber: '98', paymentDate: '2026-02-04', amount: 9, currency: 'NOK' },
    ],
    '2026-03-31',
  ),
};

describe('a statement as CSV', () => {
  it('standard: comma, decimal point, English words; amounts are numbers, text cells guarded', () => {
    const text = statementCsv(statement, 'standard', 'en');
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Date', 'Kind', 'Invoice', 'Amount', 'Currency', 'Balance'],
      ['2026-01-05', 'Invoice', '1', '1000.50', 'SEK', '1000.50'],
      ['2026-01-06', 'Credit', "'=2+2", '-200.00', 'SEK', '800.50'],
      ['2026-02-01', 'Payment', '1', '-400.00', 'SEK', '400.50'],
      ['2026-02-02', 'Not placed: the invoice is a draft', '3', '-5.00', "'@SEK", ''],
    ]);
  });

  it('leaves out the payments of invoices the copy does not know, even given a statement that lists them, and says how many more are not listed', () => {
    expect(statement.currencies['NOK']?.notPlaced.map((p) => p.reason)).toEqual(['invoice-unknown']);
    const text = statementCsv({ ...statement, notPlacedMore: 3 }, 'standard', 'en');
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows.map((r) => r[2])).not.toContain('99');
    expect(rows.map((r) => r[2])).not.toContain('98');
    expect(rows.map((r) => r[4])).not.toContain('NOK');
    expect(rows.at(-1)).toEqual(['', 'Not placed: 3 more, not listed', '', '', '', '']);
  });

  it('excel-sv: BOM, semicolon, decimal comma, Swedish words; the file named for the customer and the day', () => {
    const text = statementCsv(statement, 'excel-sv', 'sv');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Datum', 'Typ', 'Faktura', 'Belopp', 'Valuta', 'Saldo']);
    expect(rows[3]).toEqual(['2026-02-01', 'Betalning', '1', '-400,00', 'SEK', '400,50']);
    expect(statementFileName('7', '2026-03-31', 'sv')).toBe('Kontoutdrag 7 2026-03-31.csv');
  });
});
