/** English words of a company's workspace around its grids (workspace-sv.ts). */
import type { workspaceSv } from './workspace-sv';

export const workspaceEn: Record<keyof typeof workspaceSv, string> = {
  'tabs.overview': 'Overview',
  'headline.label': 'Key figures, {currency}',
  'headline.owed': 'Owed',
  'headline.overdue': 'Overdue',
  'headline.toPay': 'To pay',
  'headline.lowestWeek': 'Lowest week',
  'headline.lowestWeekValue': '{week}: {amount}',
  'headline.lowestWeekHint': 'The week with the lowest net (in − out) of the coming 12 weeks: show its supplier invoices in the list',
  'headline.lowestWeekInHint': 'The week with the lowest net (in − out) of the coming 12 weeks: show its customer invoices in the list',
  'headline.waiting': 'The key figures appear when the local copy is ready.',
  'headline.off': 'The key figures are computed on the local copy, which is turned off in Settings.',
  'overview.waiting': 'The overview is computed on the local copy and appears when it is ready. The invoices are already under Customer invoices and Supplier invoices.',
  'overview.off': 'The overview is computed on the local copy, which is turned off in Settings. The invoices are under Customer invoices and Supplier invoices.',
  'grid.clearSearch': 'Clear search',
  'status.syncing': '{company}: {progress}',
};
