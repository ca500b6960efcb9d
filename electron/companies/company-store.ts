/**
 * The connected companies as they are persisted (no secret: a company's refresh token is in the
 * vault under its vaultKey), which one is active, and each one's status with what to do about it.
 * Every change is one synchronous read-change-write of the list, then a 'companies:changed' event;
 * choosing the active company tells only its id ('companies:active').
 */
import { companyNameOf, normaliseTags, type ActiveCompany, type CompanyList, type CompanyStatus, type CompanySummary } from '../common/companies';
import { ApiError } from '../kernel/errors';
import type { KeyValueStore } from '../kernel/key-value-store';
import type { ServiceConfig } from '../settings/settings-service';

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
  /** When its refresh token was last stored (the service lets an unused one die after 45 days). */
  refreshTokenSavedAt?: number;
  /** The firm's labels for it (normaliseTags); absent when none. */
  tags?: string[];
}

/** The service's refresh tokens die after this long unused (docs/service.md, OAuth). */
export const REFRESH_TOKEN_LIFE_MS = 45 * 86_400_000;
/** The company says "renew soon" (and how many days are left) this long before it would expire:
 * 35 days after its refresh token was last renewed (each sync renews it). */
export const EXPIRY_WARNING_MS = 10 * 86_400_000;

const COMPANIES_KEY = 'companies';
/** Where the settings file kept the active company (the app now keeps it in active-company-file.ts). */
export const ACTIVE_KEY = 'activeCompanyId';

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

/** Without a real keyring a company's keys live for one run: after a restart it needs a reconnect. */
const keysNotKept = {
  message: 'This computer has no keyring, so the connection was kept in memory only and ended when Invoice Desk closed.',
  remedy: 'Reconnect (or allow weak storage of keys in Settings).',
};

/** Which service a token belongs to: tokens never travel to another one. */
export function serviceKeyOf(config: ServiceConfig): string {
  return `${new URL(config.authUrl).origin} ${new URL(config.apiUrl).origin} ${config.clientId}`;
}

export function companyIdOf(demo: boolean, kind: 'user' | 'service', tenantId: string): string {
  return `${demo ? 'demo' : 'live'}-${kind}-${tenantId}`;
}

/** Where the active company's id is kept (active-company-file.ts in the app; the store itself by default). */
export interface ActiveChoice {
  get(): string | undefined;
  set(id: string | undefined): void;
}

export function createCompanyStore(options: {
  store: KeyValueStore;
  active?: ActiveChoice;
  changed(list: CompanyList): void;
  activeChanged(activeId: string): void;
  /** Whether a secret under this vault key survives a restart (false without a real keyring). */
  keysPersist?(vaultKey: string): boolean;
  now(): number;
}) {
  const { store } = options;
  const active: ActiveChoice = options.active ?? {
    get: () => store.get(ACTIVE_KEY) as string | undefined,
    set: (id) => (id === undefined ? store.delete(ACTIVE_KEY) : store.set(ACTIVE_KEY, id)),
  };
  const records = (): CompanyRecord[] => (store.get(COMPANIES_KEY) as CompanyRecord[] | undefined) ?? [];
  const save = (list: CompanyRecord[]) => store.set(COMPANIES_KEY, list);
  /** The name it is kept under: the service's (or the user's) cleaned, "Company <TenantId>" when nothing visible is left. */
  const nameOf = (raw: string, tenantId: string): string => companyNameOf(raw) || `Company ${tenantId}`;
  // Names stored as they came, before they were cleaned where they enter: cleaned once, at start.
  const stored = records();
  if (stored.some((r) => r.name !== nameOf(r.name, r.tenantId))) save(stored.map((r) => ({ ...r, name: nameOf(r.name, r.tenantId) })));
  const activeId = (): string | null => {
    const id = active.get();
    const all = records();
    return id && all.some((r) => r.id === id) ? id : (all[0]?.id ?? null);
  };

  function summary(record: CompanyRecord): CompanySummary {
    const base: CompanySummary = {
      id: record.id,
      name: record.name,
      organisationNumber: record.organisationNumber,
      tenantId: record.tenantId,
      kind: record.kind,
      status: record.status,
      demo: record.demo,
      ...(record.tags && record.tags.length > 0 ? { tags: record.tags } : {}),
    };
    if (record.status === 'connected') {
      const left = record.kind === 'user' && record.refreshTokenSavedAt !== undefined ? record.refreshTokenSavedAt + REFRESH_TOKEN_LIFE_MS - options.now() : Infinity;
      return left < EXPIRY_WARNING_MS ? { ...base, expiresInDays: Math.max(0, Math.ceil(left / 86_400_000)) } : base;
    }
    const weak = record.status === 'needs-reconnect' && record.kind === 'user' && options.keysPersist?.(record.vaultKey) === false;
    const text = weak ? keysNotKept : statusText[record.status];
    return { ...base, statusMessage: text.message, remedy: text.remedy, ...(weak ? { keysInMemoryOnly: true } : {}) };
  }

  const list = (): CompanyList => ({ companies: records().map(summary), activeId: activeId() });
  const changed = () => options.changed(list());

  function find(id: string): CompanyRecord {
    const record = records().find((r) => r.id === id);
    if (!record) throw new ApiError('bad-request', { message: 'That company is not connected.', remedy: 'Choose a company from the list.' });
    return record;
  }

  return {
    records,
    list,
    find,
    summary,
    has: (id: string) => records().some((r) => r.id === id),
    /** A company's refresh token was stored again (no event: the list's words change only near expiry). */
    refreshTokenSaved(id: string, at: number): void {
      const all = records();
      const record = all.find((r) => r.id === id);
      if (!record) return;
      const wasWarning = record.refreshTokenSavedAt !== undefined && record.refreshTokenSavedAt + REFRESH_TOKEN_LIFE_MS - at < EXPIRY_WARNING_MS;
      record.refreshTokenSavedAt = at;
      save(all);
      if (wasWarning) changed();
    },
    setStatus(id: string, status: CompanyStatus): void {
      const all = records();
      const record = all.find((r) => r.id === id);
      if (!record || record.status === status) return;
      record.status = status;
      save(all);
      changed();
    },
    /** Only the id is told (activeChanged), not the list: a firm's list is 300 companies, sent and compared again at each click. */
    setActive(id: string): ActiveCompany {
      find(id);
      active.set(id);
      options.activeChanged(id);
      return { activeId: id };
    },
    rename(id: string, name: string): CompanyList {
      const all = records();
      const record = all.find((r) => r.id === id) ?? find(id);
      const clean = companyNameOf(name);
      if (clean === '') throw new ApiError('bad-request', { message: 'The name has no visible characters.', remedy: 'Type the name the company should have.' });
      record.name = clean;
      save(all);
      changed();
      return list();
    },
    /** The company's tags, normalised (normaliseTags); none removes them. */
    setTags(id: string, tags: readonly string[]): CompanyList {
      const all = records();
      const record = all.find((r) => r.id === id) ?? find(id);
      const kept = normaliseTags(tags);
      if (kept.length > 0) record.tags = kept;
      else delete record.tags;
      save(all);
      changed();
      return list();
    },
    /** Adds a company (its name cleaned) or replaces the record of the same id, keeping the name and tags the user gave it. */
    upsert(record: CompanyRecord, makeActive: boolean): CompanyRecord {
      const all = records();
      const index = all.findIndex((r) => r.id === record.id);
      const before = index >= 0 ? all[index]! : undefined;
      const stored = before ? { ...record, name: before.name, ...(before.tags ? { tags: before.tags } : {}) } : { ...record, name: nameOf(record.name, record.tenantId) };
      if (index >= 0) all[index] = stored;
      else all.push(stored);
      save(all);
      if (makeActive) active.set(stored.id);
      changed();
      return stored;
    },
    remove(id: string): CompanyList {
      save(records().filter((r) => r.id !== id));
      if (active.get() === id) active.set(undefined);
      changed();
      return list();
    },
  };
}

export type CompanyStore = ReturnType<typeof createCompanyStore>;
