import type { CompanySummary } from '../../../electron/ipc/contract';
import { InvoiceGrid } from './InvoiceGrid';

/**
 * The active company's work area: its invoice grid, with export and its progress. Reconnect is
 * offered only for companies connected in the browser: a service account is not fixed by a user
 * sign-in (its errors offer Retry and their remedy).
 */
export function CompanyWorkspace({ company, onReconnect }: { company: CompanySummary; onReconnect: () => void }) {
  return <InvoiceGrid companyId={company.id} {...(company.kind === 'user' ? { onReconnect } : {})} />;
}
