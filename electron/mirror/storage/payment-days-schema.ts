/**
 * Schema step 8 (mirror-schema.ts): each payment's place in DSO and DPO kept on the payment itself.
 * A payment lowers a month end's balance from the later of its own day and its invoice's day, in
 * SEK at its invoice's rate, and only while that invoice counts (DSO: booked and not cancelled; DPO:
 * not cancelled) with both days real dates (common/days-outstanding.ts). Kept here rather than
 * joined to its invoice on each read, so the month ends read one covering index (money-history.ts).
 *
 * `counted_day` (NULL when the payment does not count) and `counted_sek` are set by triggers in the
 * same transaction as every write that can move them: a payment stored or changed (its invoice, day
 * or amount), and its invoice stored, changed (counted or not, its day, its rate) or removed. A
 * payment that arrives before its invoice counts from the moment the invoice is stored. Never change
 * this after release: a change is a new step.
 */
import { DATE_GLOB } from '../../common/lists/owed-sql';

interface PaymentSide {
  payments: string;
  invoices: string;
  identity: string;
  /** Whether invoice `i` counts. */
  counted: string;
}

export const PAYMENT_DAY_SIDES = {
  dso: { payments: 'invoice_payments', invoices: 'invoices', identity: 'document_number', counted: 'i.booked = 1 AND i.cancelled = 0' },
  dpo: { payments: 'supplier_invoice_payments', invoices: 'supplier_invoices', identity: 'given_number', counted: 'i.cancelled = 0' },
} as const satisfies Record<string, PaymentSide>;

/** The two columns this step adds to each payment table (the registry describes the rest). */
export const PAYMENT_DAY_COLUMNS = { counted_day: { type: 'TEXT', nullable: true }, counted_sek: { type: 'REAL', nullable: false } } as const;

/** The UPDATE that sets the two columns of the payments matching `where` from their invoice (none: NULL and 0). */
function recompute(side: PaymentSide, where: string): string {
  const p = side.payments;
  const factor = '(CASE WHEN i.currency_rate > 0 THEN i.currency_rate ELSE 1 END) / (CASE WHEN i.currency_unit > 0 THEN i.currency_unit ELSE 1 END)';
  const day = `CASE WHEN ${side.counted} AND i.invoice_date GLOB '${DATE_GLOB}' AND ${p}.payment_date GLOB '${DATE_GLOB}' THEN max(${p}.payment_date, i.invoice_date) END`;
  return `UPDATE ${p} SET
      counted_day = (SELECT ${day} FROM ${side.invoices} i WHERE i.${side.identity} = ${p}.invoice_number),
      counted_sek = coalesce((SELECT ${p}.amount * ${factor} FROM ${side.invoices} i WHERE i.${side.identity} = ${p}.invoice_number), 0)
    ${where}`;
}

function sideSql(side: PaymentSide): string {
  const p = side.payments;
  const inv = side.invoices;
  return `
  ALTER TABLE ${p} ADD COLUMN counted_day TEXT;
  ALTER TABLE ${p} ADD COLUMN counted_sek REAL NOT NULL DEFAULT 0;
  ${recompute(side, '')};
  CREATE INDEX ${p}_counted ON ${p} (counted_day, counted_sek);
  CREATE TRIGGER ${p}_count_insert AFTER INSERT ON ${p} BEGIN
    ${recompute(side, `WHERE rowid = NEW.rowid`)};
  END;
  CREATE TRIGGER ${p}_count_update AFTER UPDATE OF invoice_number, payment_date, amount ON ${p} BEGIN
    ${recompute(side, `WHERE rowid = NEW.rowid`)};
  END;
  CREATE TRIGGER ${inv}_payments_insert AFTER INSERT ON ${inv} BEGIN
    ${recompute(side, `WHERE invoice_number = NEW.${side.identity}`)};
  END;
  CREATE TRIGGER ${inv}_payments_update AFTER UPDATE OF booked, cancelled, invoice_date, currency_rate, currency_unit ON ${inv} BEGIN
    ${recompute(side, `WHERE invoice_number = NEW.${side.identity}`)};
  END;
  CREATE TRIGGER ${inv}_payments_delete AFTER DELETE ON ${inv} BEGIN
    UPDATE ${p} SET counted_day = NULL, counted_sek = 0 WHERE invoice_number = OLD.${side.identity};
  END;`;
}

export function paymentDayStepSql(): string {
  return `${sideSql(PAYMENT_DAY_SIDES.dso)}\n${sideSql(PAYMENT_DAY_SIDES.dpo)}`;
}
