/**
 * The scopes a new connection asks for. Every scope of the service grants write access too
 * (docs/service.md, Scopes grant writing: there is no read-only scope), so the app asks for what it
 * shows and no more: the company's name, and each list's own scope as its description in the list
 * registry says (electron/common/lists/registry.ts), so a new list is asked for by its entry alone.
 *
 * A list's scans (documents of kind 'scan': the supplier invoices') add `connectfile` and
 * `archive` only with Settings → "Show scanned supplier invoices" (on by default): `archive` opens
 * the company's whole file archive, so an owner who does not want that turns it off before
 * connecting.
 */
import { documentScopes, type AnyListDescription } from '../common/lists/list-description';
import { eachList } from '../common/lists/registry';

/** `companyinformation`: the company's name and identity (docs/service.md, Company information), read on connecting; it is no list. */
const COMPANY_SCOPE = 'companyinformation';

/** What of a list's description decides its scopes. */
export type ScopedList = { api: Pick<AnyListDescription['api'], 'path' | 'wrapperKey' | 'scope'> } & Pick<AnyListDescription, 'documents'>;

/** The scopes of `descriptions`, each once, in a stable order: the company's, the lists' in their order, then their documents' (scans only with `showScans`). */
export function scopesOf(descriptions: readonly ScopedList[], showScans: boolean): string[] {
  const documents = descriptions.flatMap((list) => (list.documents && (list.documents.kind !== 'scan' || showScans) ? documentScopes[list.documents.kind] : []));
  return [...new Set([COMPANY_SCOPE, ...descriptions.map((list) => list.api.scope), ...documents])];
}

/** What a new connection asks for: the scopes of every list of the registry. */
export function requestedScopes(showScans: boolean): string[] {
  return scopesOf(
    eachList().map(({ list }) => list),
    showScans,
  );
}
