/**
 * The supplier register's figures recounted from the bills themselves, written out here and not
 * taken from the app (the reference the copy's figures are checked against): what the company owes
 * a supplier is every bill not cancelled with a balance, booked or not, in SEK at the bill's own
 * rate rounded to öre (sekOre); overdue, those due before today; how late it pays, the median of
 * FinalPayDate − DueDate in whole days over its bills booked, not cancelled, paid in full, not a
 * credit, paid within the 365 days up to today, the two middle ones averaged and rounded for an
 * even count, and never below 0; the last bill, the latest InvoiceDate on or before today of a bill
 * not cancelled.
 */
import { sekOre } from './sek-ore';

export interface RecountBill {
  supplierNumber: string;
  invoiceDate: string;
  dueDate: string;
  /** '' or null until paid in full. */
  finalPayDate: string | null;
  total: number;
  balance: number;
  currencyRate: number | string;
  currencyUnit: number;
  booked: boolean;
  cancelled: boolean;
}

export interface SupplierFiguresRecount {
  owed: number;
  overdue: number;
  openBills: number;
  paysDaysLate: number | null;
  lastBill: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const dayOf = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

export function recountSupplier(bills: readonly RecountBill[], supplierNumber: string, today: string): SupplierFiguresRecount {
  const mine = bills.filter((bill) => bill.supplierNumber === supplierNumber);
  const toPay = mine.filter((bill) => !bill.cancelled && bill.balance !== 0);
  const overdue = toPay.filter((bill) => DATE.test(bill.dueDate) && bill.dueDate < today);
  const sek = (list: readonly RecountBill[]) => {
    const sum = sekOre(list.map((bill) => ({ amount: bill.balance, rate: bill.currencyRate, unit: bill.currencyUnit })));
    return sum === 0 ? 0 : sum;
  };
  // The 365 days up to and including today.
  const yearAgo = dayOf(today) - 364;
  const late = mine
    .filter((bill) => bill.booked && !bill.cancelled && bill.balance === 0 && bill.total > 0 && bill.finalPayDate && DATE.test(bill.finalPayDate) && DATE.test(bill.dueDate))
    .filter((bill) => dayOf(bill.finalPayDate as string) >= yearAgo && (bill.finalPayDate as string) <= today)
    .map((bill) => Math.round(dayOf(bill.finalPayDate as string) - dayOf(bill.dueDate)))
    .sort((a, b) => a - b);
  const middle = late.length % 2 === 1 ? (late[(late.length - 1) / 2] as number) : Math.round(((late[late.length / 2 - 1] as number) + (late[late.length / 2] as number)) / 2);
  const dated = mine.filter((bill) => !bill.cancelled && DATE.test(bill.invoiceDate) && bill.invoiceDate <= today).map((bill) => bill.invoiceDate).sort();
  return {
    owed: sek(toPay),
    overdue: sek(overdue),
    openBills: toPay.length,
    paysDaysLate: late.length === 0 ? null : Math.max(0, middle),
    lastBill: dated.at(-1) ?? null,
  };
}
