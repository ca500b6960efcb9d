/**
 * A supplier's details panel (DetailsPanel.tsx: non-modal, Escape closes it): the way to its bills
 * first (the supplier invoices' grid narrowed to exactly this supplier, with the chip that names
 * and undoes it), what the company owes it by the copy's figures, its contact and its bank details
 * as the service gives them, and its open bills from the copy (to pay, by the payables' rule), each
 * a link to that bill in the supplier invoices' grid.
 */
import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../electron/common/settings';
import type { SupplierInvoicePageView } from '../../../electron/common/supplier-invoices';
import type { SupplierRow } from '../../../electron/common/suppliers';
import { desk, unwrap, type DeskError } from '../../api';
import { useT } from '../../i18n/i18n';
import { useOwnT } from '../../i18n/own-words';
import { cellText } from '../grid/cells';
import { DetailsPanel } from '../grid/DetailsPanel';
import { formatAmount, formatDate } from '../grid/format';
import type { DetailsProps } from '../grid/grid-resource';
import { INVOICE_GC_MS, INVOICE_STALE_MS } from '../grid/queries';
import { useGridMode } from '../sync/queries';
import { supplierRegisterWords } from './supplier-register-words';
import './supplier-register.css';

/** The figures the panel shows, in the grid's words and formats. */
const FIGURES = ['owed', 'overdue', 'openBills', 'paysDaysLate', 'lastBill'] as const satisfies ReadonlyArray<keyof SupplierRow>;

export function SupplierRegisterDetails({ resource, row, companyId, language, onClose, onFollow }: DetailsProps<SupplierRow>) {
  const t = useT();
  const own = useOwnT(supplierRegisterWords);
  const address = [row.address1, row.address2, [row.zipCode, row.city].filter(Boolean).join(' '), row.countryCode].filter(Boolean).join(', ');
  const facts = (entries: ReadonlyArray<[string, string, string]>) => (
    <dl className="facts details-facts supplier-facts">
      {entries.map(([field, label, value]) => (
        <div key={field} className="details-fact" data-field={field}>
          <dt>{label}</dt>
          <dd>{value || '–'}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <DetailsPanel title={`${own('title', { number: row.supplierNumber })}: ${row.name}`} onClose={onClose}>
      <p className="details-actions">
        {onFollow && (
          <button type="button" className="primary" onClick={() => onFollow(row)} data-testid="supplier-show-bills">
            {own('showBills')}
          </button>
        )}
      </p>
      {row.owed === null ? (
        <p className="muted small">{own('noFigures')}</p>
      ) : (
        <>
          <h3>{own('figures')}</h3>
          {facts(FIGURES.map((id) => [id, t(resource.labels.column(id)), cellText(resource, id, row, language, t)]))}
        </>
      )}
      <h3>{own('contact')}</h3>
      {facts([
        ['organisationNumber', t(resource.labels.column('organisationNumber')), row.organisationNumber],
        ['address', own('address'), address],
        ['phone', t(resource.labels.column('phone')), row.phone],
        ['email', t(resource.labels.column('email')), row.email],
      ])}
      <h3>{own('bank')}</h3>
      {facts([
        ['bg', t(resource.labels.column('bg')), row.bg],
        ['pg', t(resource.labels.column('pg')), row.pg],
        ['bankAccountNumber', own('bankAccount'), row.bankAccountNumber],
        ['iban', t(resource.labels.column('iban')), row.iban],
        ['bic', own('bic'), row.bic],
      ])}
      <OpenBills companyId={companyId} supplierNumber={row.supplierNumber} language={language} onBill={onFollow ? (bill) => onFollow(row, bill) : undefined} />
    </DetailsPanel>
  );
}

/** The supplier's bills to pay, soonest due first, from the copy of the supplier invoices (none without it). */
function OpenBills({ companyId, supplierNumber, language, onBill }: { companyId: string; supplierNumber: string; language: Language; onBill: ((givenNumber: string) => void) | undefined }) {
  const own = useOwnT(supplierRegisterWords);
  const { mode, isPending: modePending } = useGridMode(companyId, 'supplierinvoices');
  const bills = useQuery<SupplierInvoicePageView, DeskError>({
    enabled: !modePending && mode === 'local',
    queryKey: ['supplierOpenBills', companyId, supplierNumber],
    queryFn: () =>
      unwrap(desk().lists.page('supplierinvoices', companyId, { page: 1, limit: 100, supplier: supplierNumber, scope: 'topay', sortby: 'duedate', sortorder: 'ascending' }, 'interactive')),
    staleTime: INVOICE_STALE_MS,
    gcTime: INVOICE_GC_MS,
    retry: false,
  });
  if (mode !== 'local') return null;
  return (
    <section aria-label={own('openBills')} data-testid="supplier-open-bills" data-state={bills.isPending ? 'loading' : bills.error ? 'error' : 'ready'}>
      <h3>{own('openBills')}</h3>
      {bills.isPending ? (
        <p className="muted" role="status">
          {own('loadingBills')}
        </p>
      ) : bills.error ? (
        <p className="muted small">{own('billsError')}</p>
      ) : bills.data.rows.length === 0 ? (
        <p className="muted">{own('noOpenBills')}</p>
      ) : (
        <table className="document-rows">
          <thead>
            <tr>
              <th scope="col">{own('bill')}</th>
              <th scope="col">{own('invoiceNumber')}</th>
              <th scope="col">{own('dueDate')}</th>
              <th scope="col" className="num">
                {own('balance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bills.data.rows.map((bill) => (
              <tr key={bill.givenNumber} data-bill={bill.givenNumber}>
                <td>
                  {onBill ? (
                    <button type="button" className="figure" onClick={() => onBill(bill.givenNumber)} aria-label={own('showBill', { number: bill.givenNumber })}>
                      {bill.givenNumber}
                    </button>
                  ) : (
                    bill.givenNumber
                  )}
                </td>
                <td>{bill.invoiceNumber}</td>
                <td>
                  {formatDate(bill.dueDate, language)}
                  {bill.status === 'overdue' ? <span className="muted small"> ({own('overdue')})</span> : null}
                </td>
                <td className="num">{formatAmount(bill.balance, bill.currency, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
