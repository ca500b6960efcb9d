/**
 * `report --tenants 8100001,8100002,...` or `--tenants-file FILE`: an accounting firm's client
 * companies, each a TenantId of digits. The file holds TenantIds separated by commas, spaces or
 * lines; `#` starts a comment to the end of its line (a name beside each id). Pure but for reading
 * the file.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { invalid, UsageError } from './args';

/** More than a firm keeps (the sandbox's world goes to 2,000), and a file read whole. */
export const MAX_TENANTS = 5_000;
const MAX_FILE_BYTES = 1_000_000;
const TENANT_ID = /^\d{1,18}$/;

/** The TenantIds of a list, in their order, each once. */
export function tenantList(option: string, text: string): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    for (const word of line.replace(/#.*$/, '').split(/[\s,;]+/)) {
      if (word === '') continue;
      if (!TENANT_ID.test(word)) throw invalid(option, `"${word.slice(0, 40)}" is not a TenantId (digits only)`);
      if (seen.has(word)) continue;
      seen.add(word);
      ids.push(word);
    }
  }
  if (ids.length === 0) throw invalid(option, 'no TenantId in it');
  if (ids.length > MAX_TENANTS) throw invalid(option, `${ids.length} TenantIds; at most ${MAX_TENANTS}`);
  return ids;
}

/** The file's TenantIds (`base`: where relative names are read from). */
export function tenantsFromFile(file: string, base: string): string[] {
  const full = path.resolve(base, file);
  let text: string;
  try {
    if (statSync(full).size > MAX_FILE_BYTES) throw invalid('--tenants-file', `${full} is over 1 MB: a list of TenantIds is far smaller`);
    text = readFileSync(full, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as { code?: string }).code;
    throw invalid('--tenants-file', `${full} cannot be read${code ? ` (${code})` : ''}`);
  }
  return tenantList('--tenants-file', text);
}
