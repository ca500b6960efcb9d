/**
 * The grid's chip when a link of the overview narrowed its view: "From the overview: 1–30 days
 * overdue, SEK ×". Without it the user could neither see nor undo what the link did; × removes
 * exactly what the chip names (links.ts: withoutOverviewLink).
 */
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { GridView } from '../invoices/view';
import { swedishToday, withoutOverviewLink } from './links';
import { narrowingText } from './narrowing';
import { useCompanyReceivables } from './queries';

export function OverviewChip({ companyId, view, language, onChange }: { companyId: string; view: GridView; language: Language; onChange: (update: (current: GridView) => GridView) => void }) {
  const t = useT();
  // The overview's report (cached: the overview above asked for it) names the top customers.
  const overview = useCompanyReceivables(companyId, view.customer !== undefined);
  const report = overview.data?.report;
  const nameOf = (number: string) => report?.topOverdue.find((c) => c.customerNumber === number)?.customerName;
  const text = narrowingText(view, report?.asOf ?? swedishToday(), language, t, nameOf);
  if (text === null) return null;
  return (
    <div className="overview-chip" role="status" data-testid="overview-chip">
      <span>{text}</span>
      <button type="button" className="overview-chip-clear" aria-label={t('overview.chip.clear')} title={t('overview.chip.clear')} onClick={() => onChange(withoutOverviewLink)} data-testid="overview-chip-clear">
        ×
      </button>
    </div>
  );
}
