/**
 * What the payments tell about the past, read from the copy: a customer's statement as
 * at a date (common/statement.ts) and DSO and DPO at the last 12 month ends
 * (common/days-outstanding.ts). The rules are those pure modules'; this file only reads what they
 * need, by the indexes: a customer's invoices by the customer-number index, their payments by the
 * payments' invoice-number index, and for the month ends one grouped pass over the counted invoices
 * and one over the payments' kept days (schema step 8, payment-days-schema.ts) per side.
 */
import { DATE_GLOB } from '../../common/lists/owed-sql';
import { numericKey } from '../../common/lists/stored-columns';
import { daysOutstanding, type DayFigures, type DaysOutstanding } from '../../common/days-outstanding';
import { buildStatement, limitNotPlaced, NOT_PLACED_LIMIT, type CustomerStatement, type StatementAudience, type StatementInvoice, type StatementPayment } from '../../common/statement';
import type { MirrorStore } from '../storage/mirror-store';

const PAYMENT_COLUMNS = 'p.number, p.invoice_number AS invoiceNumber, p.payment_date AS paymentDate, p.amount, p.currency';

// A payment dated after the day is on no statement of that day; one without a date ('', the only
// other value the copy keeps) is listed as not placed, and '' sorts before every date.
const ON_OR_BEFORE = 'p.payment_date <= :asOf';

/**
 * The payments whose invoice the copy does not know, on or before the day: any number of them (they
 * may be anyone's), so a statement reads the first few by the payment-date index and counts the rest.
 */
const ANYONES = `FROM invoice_payments p INDEXED BY invoice_payments_payment_date WHERE ${ON_OR_BEFORE} AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.document_number = p.invoice_number)`;

/**
 * A customer's statement as at `asOf` (YYYY-MM-DD), from the copy's invoices and customer payments.
 * Its work is the customer's own invoices and their payments, and at most NOT_PLACED_LIMIT of the
 * payments whose invoice the copy does not know (the owner's statement only), however many there are.
 */
export function customerStatement(store: MirrorStore, customerNumber: string, asOf: string, audience: StatementAudience = 'owner'): CustomerStatement {
  const rows = store
    .statement(
      `SELECT document_number AS documentNumber, invoice_date AS invoiceDate, due_date AS dueDate, total, currency, booked, cancelled, customer_name AS customerName
       FROM invoices WHERE customer_number_key = :key AND customer_number = :customer ORDER BY invoice_date DESC, doc_no DESC`,
    )
    .all({ key: numericKey(customerNumber), customer: customerNumber }) as Array<Omit<StatementInvoice, 'booked' | 'cancelled'> & { booked: number; cancelled: number; customerName: string }>;
  const invoices: StatementInvoice[] = rows.map((r) => ({ documentNumber: r.documentNumber, invoiceDate: r.invoiceDate, dueDate: r.dueDate, total: r.total, currency: r.currency, booked: r.booked === 1, cancelled: r.cancelled === 1 }));
  // Pushed one by one: a spread of a query's rows into push() is one argument per row, and a large
  // enough result overflows the call stack.
  const payments: StatementPayment[] = [];
  const ofInvoice = store.statement(`SELECT ${PAYMENT_COLUMNS} FROM invoice_payments p WHERE p.invoice_number = :invoice AND ${ON_OR_BEFORE}`);
  for (const invoice of invoices) for (const payment of ofInvoice.iterate({ invoice: invoice.documentNumber, asOf })) payments.push(payment as unknown as StatementPayment);
  // A payment names its invoice only: one whose invoice the copy does not know may be this
  // customer's, so the owner's statement lists the first of them as not placed and counts the rest.
  let unread = 0;
  if (audience === 'owner') {
    let read = 0;
    for (const payment of store.statement(`SELECT ${PAYMENT_COLUMNS} ${ANYONES} ORDER BY p.payment_date, p.number_key LIMIT :limit`).iterate({ asOf, limit: NOT_PLACED_LIMIT })) {
      payments.push(payment as unknown as StatementPayment);
      read += 1;
    }
    if (read === NOT_PLACED_LIMIT) unread = (store.statement(`SELECT count(*) AS n ${ANYONES}`).get({ asOf }) as { n: number }).n - read;
  }
  const currencies = buildStatement(invoices, payments, asOf);
  const notPlacedMore = limitNotPlaced(currencies) + unread;
  const registered = store.statement('SELECT name FROM customers WHERE customer_number = ?').get(customerNumber) as { name: string } | undefined;
  return { customerNumber, name: registered?.name || rows[0]?.customerName || '', asOf, currencies, notPlacedMore };
}

/** Whether the customer is known to the copy at all (in the register, or on an invoice). */
export function customerKnown(store: MirrorStore, customerNumber: string): boolean {
  return (
    store.statement('SELECT 1 FROM customers WHERE customer_number = ?').get(customerNumber) !== undefined ||
    store.statement('SELECT 1 FROM invoices WHERE customer_number_key = :key AND customer_number = :customer LIMIT 1').get({ key: numericKey(customerNumber), customer: customerNumber }) !== undefined
  );
}

interface Side {
  invoices: string;
  payments: string;
  /** Which invoices count: DSO booked and not cancelled; DPO not cancelled, booked or not. */
  counted: string;
}

const SIDES = {
  dso: { invoices: 'invoices', payments: 'invoice_payments', counted: 'i.booked = 1 AND i.cancelled = 0' },
  dpo: { invoices: 'supplier_invoices', payments: 'supplier_invoice_payments', counted: 'i.cancelled = 0' },
} as const satisfies Record<string, Side>;

/** The day figures of one side up to `today`, in SEK (see common/days-outstanding.ts). */
function dayFigures(store: MirrorStore, side: Side, today: string): DayFigures {
  const invoiced = new Map<string, number>();
  const invoicedSql = store.statement(
    `SELECT i.invoice_date, sum(i.total_sek) FROM ${side.invoices} i WHERE ${side.counted} AND i.invoice_date <= :today AND i.invoice_date GLOB '${DATE_GLOB}' GROUP BY i.invoice_date`,
  );
  invoicedSql.setReturnArrays(true);
  for (const [day, sum] of invoicedSql.iterate({ today }) as unknown as Iterable<[string, number]>) invoiced.set(day, sum);
  // Each payment's day and SEK amount are kept on it (schema step 8, payment-days-schema.ts): a walk of one covering index.
  const paid = new Map<string, number>();
  const paidSql = store.statement(`SELECT counted_day, sum(counted_sek) FROM ${side.payments} INDEXED BY ${side.payments}_counted WHERE counted_day <= :today GROUP BY counted_day`);
  paidSql.setReturnArrays(true);
  for (const [day, sum] of paidSql.iterate({ today }) as unknown as Iterable<[string, number]>) paid.set(day, sum);
  return { invoiced, paid };
}

export type { DaysOutstanding };

/** DSO and DPO at the last 12 month ends, each only when its payments are known. */
export function daysOutstandingOf(store: MirrorStore, today: string, known: { dso: boolean; dpo: boolean }): DaysOutstanding {
  return {
    dso: known.dso ? daysOutstanding(dayFigures(store, SIDES.dso, today), today) : null,
    dpo: known.dpo ? daysOutstanding(dayFigures(store, SIDES.dpo, today), today) : null,
  };
}
