// Small helpers for the sandbox's integration tests: real HTTP on 127.0.0.1 with fetch.

import type { Sandbox, SandboxCompany, SandboxInvoice } from '../../../electron/sandbox';

/** A loopback redirect URI (nothing listens there: the tests read the Location header). */
export const REDIRECT_URI = 'http://127.0.0.1:53682/callback';

export type InvoiceItem = Omit<SandboxInvoice, 'LastModified'> & { '@url': string };
export interface Meta {
  '@TotalResources': number;
  '@TotalPages': number;
  '@CurrentPage': number;
}
export interface InvoiceList {
  MetaInformation: Meta;
  Invoices: InvoiceItem[];
}
export interface TokenBody {
  access_token?: string;
  refresh_token?: string;
  scope?: string;
  expires_in?: number;
  token_type?: string;
  error?: string;
  error_description?: string;
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export function company(sandbox: Sandbox, key: SandboxCompany['key']): SandboxCompany {
  const found = sandbox.companies.find((c) => c.key === key);
  if (!found) throw new Error(`no ${key} company`);
  return found;
}

export function basicAuth(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export function clientAuth(sandbox: Sandbox): string {
  return basicAuth(sandbox.clientId, sandbox.clientSecret);
}

function parse<T>(text: string): T {
  try {
    return (text === '' ? undefined : JSON.parse(text)) as T;
  } catch {
    return undefined as T;
  }
}

export async function postForm<T = TokenBody>(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: parse<T>(text), text };
}

export function tokenRequest(sandbox: Sandbox, form: Record<string, string>, headers: Record<string, string> = {}): Promise<JsonResponse<TokenBody>> {
  return postForm<TokenBody>(`${sandbox.authUrl}/oauth-v1/token`, form, { Authorization: clientAuth(sandbox), ...headers });
}

export async function getJson<T = unknown>(url: string, token?: string): Promise<JsonResponse<T>> {
  const res = await fetch(url, { headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: parse<T>(text), text };
}

/** GET /3/invoices with the given query. */
export function invoices(sandbox: Sandbox, token: string, query: Record<string, string | number> = {}): Promise<JsonResponse<InvoiceList>> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const qs = params.toString();
  return getJson<InvoiceList>(`${sandbox.apiUrl}/3/invoices${qs ? `?${qs}` : ''}`, token);
}

/** A token for a company (straight from the control object, no OAuth round trip). */
export function tokenFor(sandbox: Sandbox, key: SandboxCompany['key'], scopes: readonly string[] = ['invoice', 'companyinformation']): string {
  return sandbox.control.issueTokens({ tenantId: company(sandbox, key).tenantId, scopes }).access_token;
}

/** The ErrorInformation of a body, whatever the casing of its keys. */
export function errorInfo(body: unknown): { error: unknown; message: unknown; code: unknown; casing: 'lower' | 'capitalised' } {
  const info = (body as { ErrorInformation?: Record<string, unknown> } | undefined)?.ErrorInformation;
  if (!info) throw new Error(`no ErrorInformation in ${JSON.stringify(body)}`);
  const casing = 'code' in info ? 'lower' : 'capitalised';
  return { error: info['error'] ?? info['Error'], message: info['message'] ?? info['Message'], code: info['code'] ?? info['Code'], casing };
}

/** Reads every page of a query (the loop of docs/service.md, Invoice list: while @CurrentPage < @TotalPages). */
export async function readAllPages(sandbox: Sandbox, token: string, query: Record<string, string | number>): Promise<InvoiceItem[]> {
  const all: InvoiceItem[] = [];
  for (let page = 1; ; page += 1) {
    const res = await invoices(sandbox, token, { ...query, page });
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${res.text}`);
    all.push(...res.body.Invoices);
    const meta = res.body.MetaInformation;
    if (meta['@CurrentPage'] >= meta['@TotalPages']) return all;
  }
}

/** The query parameters of a redirect's Location header. */
export function locationParams(location: string | null): URLSearchParams {
  if (!location) throw new Error('no Location header');
  return new URL(location).searchParams;
}
