/**
 * A list's tab beside the customer invoices (supplier invoices, customers): its grid, or, when the
 * company cannot read that list (SyncStatus.resources[id].error: a scope the company never
 * approved, a module licence or a user permission it lacks), what is missing and the one thing
 * that fixes it. A company connected before the list existed gets "Godkänn åtkomst": the reconnect
 * flow, whose new consent asks for the list's scope. The other tabs keep working either way.
 */
import { useId } from 'react';
import type { CompanySummary, IpcError } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { AnyGridResource, AnyGridView, GridRow } from '../grid/grid-resource';
import { ResourceGrid } from '../grid/ResourceGrid';
import type { ViewChannel } from '../grid/view-channel';
import { useCompanySync } from '../sync/queries';
import { accessNoticeText, type AccessPrefix } from './access-text';

export interface ListSideProps {
  company: CompanySummary;
  resource: AnyGridResource;
  /** The list's access words, and the notice's and its button's test ids (`supplier-access`, `supplier-approve`). */
  access: { prefix: AccessPrefix; testId: string };
  onReconnect?: (() => void) | undefined;
  links?: ViewChannel<AnyGridView> | undefined;
  /** What a row leads to (a customer: its invoices), offered by its details panel. */
  onFollow?: ((row: GridRow) => void) | undefined;
}

export function ListSide({ company, resource, access, onReconnect, links, onFollow }: ListSideProps) {
  const { status } = useCompanySync(company.id);
  const error = status?.phase === 'off' ? undefined : status?.resources[resource.id].error;
  if (error) return <AccessNotice error={error} serviceAccount={company.kind !== 'user'} onReconnect={onReconnect} access={access} />;
  return <ResourceGrid key={company.id} resource={resource} companyId={company.id} {...(onReconnect ? { onReconnect } : {})} {...(links ? { links } : {})} {...(onFollow ? { onFollow } : {})} />;
}

function AccessNotice({ error, serviceAccount, onReconnect, access }: { error: IpcError; serviceAccount: boolean; onReconnect: (() => void) | undefined; access: ListSideProps['access'] }) {
  const t = useT();
  const text = accessNoticeText(error, serviceAccount, access.prefix);
  const titleId = useId();
  return (
    <section className="card supplier-access" aria-labelledby={titleId} data-testid={access.testId} data-kind={error.kind}>
      <h2 id={titleId}>{t(text.title)}</h2>
      {text.body ? <p>{t(text.body)}</p> : <p>{error.remedy ?? error.message}</p>}
      <p className="muted small" lang="en">
        {error.message}
      </p>
      {text.approve && onReconnect && (
        <button type="button" className="primary" onClick={onReconnect} data-testid={access.testId.replace(/-access$/, '-approve')}>
          {t(`${access.prefix}.approve` as 'supplier.access.approve')}
        </button>
      )}
    </section>
  );
}
