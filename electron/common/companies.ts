/** Connected companies and the connect flow as the window sees them. Pure data and types. */
import type { IpcError } from './errors';
import { capText, visibleText } from './visible-text';

/** A connected company's health, each with a remedy the UI shows. */
export const companyStatuses = ['connected', 'needs-reconnect', 'scope-missing', 'licence-missing'] as const;
export type CompanyStatus = (typeof companyStatuses)[number];

export interface CompanySummary {
  /** The app's id for the company (stable across reconnects: derived from the tenant). */
  id: string;
  name: string;
  organisationNumber: string;
  tenantId: string;
  /** 'user': authorization code with refresh tokens; 'service': client credentials. */
  kind: 'user' | 'service';
  status: CompanyStatus;
  /** Why the status is not 'connected', and what to do. */
  statusMessage?: string;
  remedy?: string;
  /** Connected to the built-in demo service. */
  demo: boolean;
  /** Needs a reconnect because its keys were kept in memory only (no keyring on this computer). */
  keysInMemoryOnly?: boolean;
  /** The connection dies in this many days unless the app renews it (the service's 45-day limit):
   * set from 35 days after its refresh token was last renewed ("renew soon"). */
  expiresInDays?: number;
  /** The firm's own labels for the company (a consultant's initials, a group): absent when none. */
  tags?: string[];
}

/** A company's name is at most this many characters (a name the user gives it, too). */
export const COMPANY_NAME_MAX_LENGTH = 120;

/**
 * A company's name as the app keeps it, for every place that shows it (the sidebar, the firm's
 * table, a digest, a notification): the service's CompanyName, which a client company writes itself
 * with no cap or cleaning, as visible text (visible-text.ts) of at most COMPANY_NAME_MAX_LENGTH
 * characters. Empty when nothing visible is left.
 */
export function companyNameOf(raw: string): string {
  return capText(visibleText(raw), COMPANY_NAME_MAX_LENGTH);
}

/** At most this many tags per company, each at most TAG_MAX_LENGTH characters. */
export const MAX_TAGS = 8;
export const TAG_MAX_LENGTH = 24;

/** Two tags are the same when they differ only in case (Å and A stay two letters, as in Swedish). */
export const tagKey = (tag: string): string => tag.normalize('NFC').toLocaleLowerCase('sv');

/**
 * A company's tags as stored: in NFC, control and format characters (zero-width, bidi overrides)
 * removed, inner spaces collapsed, trimmed, cut to TAG_MAX_LENGTH characters (code points, never
 * half an emoji), empty ones dropped, the first of those equal but for case kept, at most MAX_TAGS.
 */
export function normaliseTags(tags: readonly string[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const clean = raw.normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim();
    const tag = Array.from(clean).slice(0, TAG_MAX_LENGTH).join('').trim();
    const key = tagKey(tag);
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
    if (kept.length === MAX_TAGS) break;
  }
  return kept;
}

export interface CompanyList {
  companies: CompanySummary[];
  activeId: string | null;
}

/** The company on screen, told apart from the list: choosing another one changes nothing else. */
export interface ActiveCompany {
  activeId: string | null;
}

/**
 * What disconnecting did. The company is gone from the app either way; `revokeWarning` says its
 * access could not be revoked at the service, which may then still list the integration:
 * 'failed' (the service refused or could not be reached) or 'other-service' (the settings now name
 * another service, so the connection's own service could not be asked).
 */
export interface DisconnectResult extends CompanyList {
  revokeWarning?: { companyName: string; reason: 'failed' | 'other-service' };
}

export type ConnectPhase = 'waiting-for-browser' | 'exchanging' | 'reading-company' | 'done' | 'failed' | 'cancelled';

export interface ConnectProgress {
  flowId: string;
  phase: ConnectPhase;
  /** The authorization URL, to copy when the browser did not open (it carries no secret). */
  authorizationUrl?: string;
  companyId?: string;
  error?: IpcError;
}

export interface ConnectStarted {
  flowId: string;
  authorizationUrl: string;
}
