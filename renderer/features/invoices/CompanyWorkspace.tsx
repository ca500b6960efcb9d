import type { CompanySummary } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';

/**
 * The active company's work area. The invoice grid (issue 6) mounts here; until then it shows the
 * company's identity.
 */
export function CompanyWorkspace({ company }: { company: CompanySummary; onReconnect: () => void }) {
  const t = useT();
  return (
    <section className="card" aria-label={t('company.details')}>
      <dl className="facts">
        <dt>{t('company.organisationNumber')}</dt>
        <dd>{company.organisationNumber}</dd>
        <dt>TenantId</dt>
        <dd>{company.tenantId}</dd>
      </dl>
    </section>
  );
}
