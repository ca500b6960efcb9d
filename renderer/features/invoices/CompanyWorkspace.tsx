import type { CompanySummary } from '../../../electron/ipc/contract';
import { InvoiceGrid } from './InvoiceGrid';

/**
 * The active company's work area: its invoice grid (with the export menu in the pager and the
 * company's export progress below). App.tsx mounts this with key={company.id}.
 */
export function CompanyWorkspace({ company, onReconnect }: { company: CompanySummary; onReconnect: () => void }) {
  return <InvoiceGrid companyId={company.id} onReconnect={onReconnect} />;
}
