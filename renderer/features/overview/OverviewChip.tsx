/**
 * The grids' chip when a link of the overview narrowed their view: "Från översikten: 1–30 dagar
 * förfallet, SEK ×" above the customer grid, "Från översikten: att betala, förfallet, SEK ×" above
 * the supplier grid. Without it the user could neither see nor undo what the link did; × removes
 * exactly what the chip names (links.ts withoutOverviewLink, supplier-links.ts withoutSupplierLink).
 */
import type { Language } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';
import type { InvoiceGridView } from '../invoices/view';
import type { SupplierGridView } from '../supplierinvoices/supplier-columns';
import { knownCustomerName } from './customer-names';
import { swedishToday, withoutOverviewLink } from './links';
import { narrowingText } from './narrowing';
import { useCompanyReceivables } from './queries';
import { withoutSupplierLink } from './supplier-links';
import { supplierNarrowingText } from './supplier-narrowing';

function Chip({ text, onClear }: { text: string | null; onClear: () => void }) {
  const t = useT();
  if (text === null) return null;
  return (
    <div className="overview-chip" role="status" data-testid="overview-chip">
      <span>{text}</span>
      <button type="button" className="overview-chip-clear" aria-label={t('overview.chip.clear')} title={t('overview.chip.clear')} onClick={onClear} data-testid="overview-chip-clear">
        ×
      </button>
    </div>
  );
}

export function OverviewChip({ companyId, view, language, onChange }: { companyId: string; view: InvoiceGridView; language: Language; onChange: (update: (current: InvoiceGridView) => InvoiceGridView) => void }) {
  const t = useT();
  // The overview's report (cached: the overview above asked for it) names the top customers.
  const overview = useCompanyReceivables(companyId, view.customer !== undefined);
  const report = overview.data?.report;
  const nameOf = (number: string) => report?.topOverdue.find((c) => c.customerNumber === number)?.customerName ?? knownCustomerName(number);
  return <Chip text={narrowingText(view, report?.asOf ?? swedishToday(), language, t, nameOf)} onClear={() => onChange(withoutOverviewLink)} />;
}

export function SupplierOverviewChip({ companyId, view, language, onChange }: { companyId: string; view: SupplierGridView; language: Language; onChange: (update: (current: SupplierGridView) => SupplierGridView) => void }) {
  const t = useT();
  // The ten suppliers to pay soonest name a supplier.
  const overview = useCompanyReceivables(companyId, view.supplier !== undefined);
  const report = overview.data?.report;
  const nameOf = (number: string) => report?.payables?.soonest.find((s) => s.supplierNumber === number)?.supplierName;
  return <Chip text={supplierNarrowingText(view, report?.asOf ?? swedishToday(), language, t, nameOf)} onClear={() => onChange(withoutSupplierLink)} />;
}
