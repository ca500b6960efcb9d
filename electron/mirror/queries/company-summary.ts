/**
 * A company's firm row (common/firm.ts) on its copy: what is owed and what is to pay summed in
 * millionths of a krona by due date over their partial indexes (the work follows what is open, not the company's
 * history), and the latest invoice day read backwards from today by the invoice-date index.
 */
import { summaryOf, type CompanySummary, type DueMicro } from '../../common/firm';
import { DATE_GLOB, OWED_SQL, TO_PAY_SQL } from '../../common/lists/owed-sql';
import type { MirrorStore } from '../storage/mirror-store';

export function companySummaryOf(store: MirrorStore, today: string, withPayables: boolean): CompanySummary {
  const byDue = (sql: string): DueMicro[] => (store.statement(sql).all() as Array<{ due_date: string; micro: number }>).map((row) => ({ dueDate: row.due_date, micro: row.micro }));
  // round() is half away from zero, as microSek: each row's SEK to a millionth, summed exactly.
  const owed = byDue(`SELECT due_date, sum(round(balance_sek * 1000000)) AS micro FROM invoices INDEXED BY invoices_owed WHERE ${OWED_SQL} GROUP BY due_date`);
  const toPay = withPayables ? byDue(`SELECT due_date, sum(round(balance_sek * 1000000)) AS micro FROM supplier_invoices INDEXED BY supplier_invoices_to_pay WHERE ${TO_PAY_SQL} GROUP BY due_date`) : null;
  const last = store.statement(`SELECT invoice_date FROM invoices INDEXED BY invoices_invoice_date WHERE invoice_date <= :today AND invoice_date GLOB '${DATE_GLOB}' AND cancelled = 0 ORDER BY invoice_date DESC LIMIT 1`).get({ today }) as { invoice_date: string } | undefined;
  return summaryOf(today, owed, toPay, last?.invoice_date ?? null);
}
