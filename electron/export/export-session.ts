/** Where an export reads its pages: a company's session, or the local copy's export session. */
import type { RateLimiter } from '../api/rate-limiter';
import type { CompanySession } from '../companies/company-session';

/** What the export needs of a company session (a CompanySession satisfies it). */
export interface ExportSession {
  /** Any list resource's pages, as the generic list path reads them; a CompanySession and the local copy's export session have it. */
  listPages: CompanySession['listPages'];
  readonly limiter: Pick<RateLimiter, 'onWaitingChange' | 'stats'>;
  /** Pages come from the local copy: any page size is free, and the view may use the parts only
   * the copy answers (its caller validated them). */
  readonly local?: boolean;
}
