/**
 * A customer's details panel (DetailsPanel.tsx: non-modal, Escape closes it): the way to its
 * invoices first (the customer invoice grid narrowed to exactly this customer, with the chip that
 * names and undoes it) and its statement as at a day (StatementDialog), then its address and every field of the register and the copy's figures.
 */
import type { CustomerRow } from '../../../electron/common/customers';
import { useOwnT } from '../../i18n/own-words';
import { DetailsPanel, ListFields } from '../grid/DetailsPanel';
import type { DetailsProps } from '../grid/grid-resource';
import { StatementButton } from '../statement/StatementButton';
import { customerWords } from './customer-words';

export function CustomerDetails({ resource, row, companyId, language, onClose, onFollow }: DetailsProps<CustomerRow>) {
  const t = useOwnT(customerWords);
  const address = [row.address1, row.address2, [row.zipCode, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <DetailsPanel title={`${t('title', { number: row.customerNumber })}: ${row.name}`} onClose={onClose}>
      <p className="details-actions">
        {onFollow && (
          <button type="button" className="primary" onClick={() => onFollow(row)} data-testid="customer-show-invoices">
            {t('showInvoices')}
          </button>
        )}{' '}
        <StatementButton companyId={companyId} customerNumber={row.customerNumber} name={row.name} />
      </p>
      {row.owed === null && <p className="muted small">{t('noFigures')}</p>}
      <ListFields resource={resource} row={row} language={language} worded={[[t('address'), address]]} />
    </DetailsPanel>
  );
}
