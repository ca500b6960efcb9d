/** "Kontoutdrag": opens a customer's statement (StatementDialog) from a details panel. */
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { StatementDialog } from './StatementDialog';
import { CUSTOMER_NUMBER } from '../../../electron/common/customers';

export function StatementButton({ companyId, customerNumber, name, label }: { companyId: string; customerNumber: string; name: string; label?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // A CustomerNumber the main process would refuse (not letters, digits, - _ .) has no statement to open.
  if (!CUSTOMER_NUMBER.test(customerNumber)) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="open-statement" data-customer={customerNumber}>
        {label ?? t('statement.open')}
      </button>
      {open && <StatementDialog companyId={companyId} customerNumber={customerNumber} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
