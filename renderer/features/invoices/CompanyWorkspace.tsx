import { useState } from 'react';
import type { CompanySummary } from '../../../electron/ipc/contract';
import { linkView } from '../receivables/links';
import { ReceivablesOverview } from '../receivables/ReceivablesOverview';
import { InvoiceGrid } from './InvoiceGrid';
import { createViewChannel } from './view-channel';

/**
 * The active company's work area: its receivables overview (once its local copy is ready), then
 * its invoice grid, with export and its progress. A figure or bar of the overview sets the grid's
 * view to exactly its invoices. Reconnect is offered only for companies connected in the browser:
 * a service account is not fixed by a user sign-in (its errors offer Retry and their remedy).
 */
export function CompanyWorkspace({ company, onReconnect }: { company: CompanySummary; onReconnect: () => void }) {
  // One per mounted workspace (App keys it by company).
  const [links] = useState(createViewChannel);
  return (
    <>
      <ReceivablesOverview companyId={company.id} onLink={(link, asOf) => links.send((view) => linkView(view, link, asOf))} />
      <InvoiceGrid companyId={company.id} links={links} {...(company.kind === 'user' ? { onReconnect } : {})} />
    </>
  );
}
