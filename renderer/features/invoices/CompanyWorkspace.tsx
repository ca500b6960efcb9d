import type { CompanySummary } from '../../../electron/ipc/contract';
import { InvoiceGrid } from './InvoiceGrid';

/** The active company's work area: its invoice grid, with export and its progress. */
export function CompanyWorkspace({ company, onReconnect }: { company: CompanySummary; onReconnect: () => void }) {
  return <InvoiceGrid companyId={company.id} onReconnect={onReconnect} />;
}
