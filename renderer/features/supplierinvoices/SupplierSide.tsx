/**
 * The supplier tab of a company: its supplier invoice grid, or, when the company's supplier side
 * cannot be read (SyncStatus.resources.supplierinvoices.error: a scope the company never approved, a module
 * licence or a user permission it lacks), what is missing and the one thing that fixes it. A
 * company connected before supplier invoices existed gets "Godkänn åtkomst": the reconnect flow,
 * whose new consent asks for the supplier scopes. The customer tab keeps working either way.
 */
import { useId } from 'react';
import type { CompanySummary, IpcError } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { AnyGridView } from '../grid/grid-resource';
import { ResourceGrid } from '../grid/ResourceGrid';
import type { ViewChannel } from '../grid/view-channel';
import { useCompanySync } from '../sync/queries';
import type { SupplierGridView } from './supplier-columns';
import { supplierInvoices } from './supplier-resource';
import { accessNoticeText } from './supplier-text';

export function SupplierSide({ company, onReconnect, links }: { company: CompanySummary; onReconnect?: () => void; links?: ViewChannel<SupplierGridView> }) {
  const { status } = useCompanySync(company.id);
  const error = status?.phase === 'off' ? undefined : status?.resources.supplierinvoices.error;
  if (error) return <SupplierAccessNotice error={error} serviceAccount={company.kind !== 'user'} onReconnect={onReconnect} />;
  // The grid takes views of any resource; this channel only ever carries supplier invoice views.
  return <ResourceGrid key={company.id} resource={supplierInvoices} companyId={company.id} {...(onReconnect ? { onReconnect } : {})} {...(links ? { links: links as unknown as ViewChannel<AnyGridView> } : {})} />;
}

function SupplierAccessNotice({ error, serviceAccount, onReconnect }: { error: IpcError; serviceAccount: boolean; onReconnect: (() => void) | undefined }) {
  const t = useT();
  const text = accessNoticeText(error, serviceAccount);
  const titleId = useId();
  return (
    <section className="card supplier-access" aria-labelledby={titleId} data-testid="supplier-access" data-kind={error.kind}>
      <h2 id={titleId}>{t(text.title)}</h2>
      {text.body ? <p>{t(text.body)}</p> : <p>{error.remedy ?? error.message}</p>}
      <p className="muted small" lang="en">
        {error.message}
      </p>
      {text.approve && onReconnect && (
        <button type="button" className="primary" onClick={onReconnect} data-testid="supplier-approve">
          {t('supplier.access.approve')}
        </button>
      )}
    </section>
  );
}
