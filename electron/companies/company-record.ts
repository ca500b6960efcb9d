/**
 * A connected company as the registry persists it (metadata only: its refresh token is in the
 * vault), its summary for the renderer with the status's words and remedy, and its identity.
 */
import type { CompanyStatus, CompanySummary } from '../ipc/contract';
import type { ServiceConfig } from '../settings/settings-service';

/** What is persisted per company (no secret: the refresh token is in the vault under vaultKey). */
export interface CompanyRecord {
  id: string;
  name: string;
  organisationNumber: string;
  tenantId: string;
  kind: 'user' | 'service';
  demo: boolean;
  status: CompanyStatus;
  vaultKey: string;
  /** The service it was connected to (auth origin, API origin, client id); absent for demo ones.
   * Its tokens are only ever sent to that service: if the settings change, it must reconnect. */
  serviceKey?: string;
  /** The auth URL and client id its refresh token was issued by: where it is revoked, whatever the
   * settings say by then. Absent for demo companies and for records stored before it was kept. */
  issuer?: { authUrl: string; clientId: string };
}

const statusText: Record<Exclude<CompanyStatus, 'connected'>, { message: string; remedy: string }> = {
  'needs-reconnect': {
    message: 'The connection to this company has expired or was revoked.',
    remedy: 'Reconnect: sign in and approve Invoice Desk again.',
  },
  'scope-missing': {
    message: 'The invoice scope was not approved for this company.',
    remedy: 'Reconnect and approve access to invoices.',
  },
  'licence-missing': {
    message: 'The company has no licence for this integration.',
    remedy: "Activate the integration's licence in the service's marketplace (and assign a seat), then try again. Reconnecting does not fix this.",
  },
};

export function summary(record: CompanyRecord): CompanySummary {
  const base: CompanySummary = {
    id: record.id,
    name: record.name,
    organisationNumber: record.organisationNumber,
    tenantId: record.tenantId,
    kind: record.kind,
    status: record.status,
    demo: record.demo,
  };
  if (record.status !== 'connected') {
    base.statusMessage = statusText[record.status].message;
    base.remedy = statusText[record.status].remedy;
  }
  return base;
}

/** Which service a token belongs to: tokens never travel to another one. */
export function serviceKeyOf(config: ServiceConfig): string {
  return `${new URL(config.authUrl).origin} ${new URL(config.apiUrl).origin} ${config.clientId}`;
}

export function companyId(demo: boolean, kind: 'user' | 'service', tenantId: string): string {
  return `${demo ? 'demo' : 'live'}-${kind}-${tenantId}`;
}
