/**
 * "All companies": the firm's overview (one row per company, from the stored figures), and under it,
 * on request, the per-currency table with DSO and DPO (overview/AllCompanies.tsx), which opens
 * every company's copy and so is computed only when asked for.
 */
import { useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { AllCompanies } from '../overview/AllCompanies';
import { FirmOverview, type OpenCompany } from './FirmOverview';

export function AllCompaniesView({ onOpen }: { onOpen: OpenCompany }) {
  const t = useT();
  const headingId = useId();
  const [perCurrency, setPerCurrency] = useState(false);
  return (
    <section className="all-companies" aria-labelledby={headingId} data-testid="all-companies">
      <h1 id={headingId}>{t('all.title')}</h1>
      <FirmOverview onOpen={onOpen} />
      <details className="firm-per-currency" open={perCurrency} onToggle={(event) => setPerCurrency(event.currentTarget.open)}>
        <summary title={t('firm.perCurrencyHint')} data-testid="firm-per-currency">
          {t('firm.perCurrency')}
        </summary>
        {perCurrency && <AllCompanies onOpen={(companyId) => onOpen(companyId)} />}
      </details>
    </section>
  );
}
