// The consent asks for what the lists need, as their descriptions say: the registry's scopes, the
// company's name, and the scans' scopes while the setting that shows them is on.
import { describe, expect, it } from 'vitest';
import { requestedScopes, scopesOf, type ScopedList } from '../../../electron/auth/scopes';
import { eachList } from '../../../electron/common/lists/registry';

const registry = (): ScopedList[] => eachList().map(({ list }) => list);

describe('the scopes a new connection asks for', () => {
  it('are the company\'s name and each list\'s own scope, once each, in the registry\'s order', () => {
    expect(requestedScopes(false)).toEqual(['companyinformation', 'invoice', 'supplierinvoice', 'customer', 'supplier', 'payment']);
    expect(new Set(requestedScopes(false))).toEqual(new Set(['companyinformation', ...eachList().map(({ list }) => list.api.scope)]));
  });

  it('add the supplier invoices\' scans (connectfile, archive) only while "Show scanned supplier invoices" is on', () => {
    expect(requestedScopes(true)).toEqual([...requestedScopes(false), 'connectfile', 'archive']);
  });

  it('ask for a new list\'s scope from its description alone', () => {
    const articles: ScopedList = { api: { path: '/3/articles', wrapperKey: 'Articles', scope: 'article' }, documents: null };
    expect(scopesOf([...registry(), articles], false)).toEqual([...requestedScopes(false), 'article']);
    // A second list with a scope already asked for (both payment lists share `payment`) adds nothing.
    expect(scopesOf([...registry(), { ...articles, api: { ...articles.api, scope: 'payment' } }], true)).toEqual(requestedScopes(true));
  });

  it('take the scans\' scopes from a list whose documents are scans, and nothing for PDFs', () => {
    const scanned: ScopedList = { api: { path: '/3/orders', wrapperKey: 'Orders', scope: 'order' }, documents: { kind: 'scan', namedBy: 'DocumentNumber' } };
    const printed: ScopedList = { ...scanned, documents: { kind: 'pdf', namedBy: 'DocumentNumber' } };
    expect(scopesOf([scanned], true)).toEqual(['companyinformation', 'order', 'connectfile', 'archive']);
    expect(scopesOf([scanned], false)).toEqual(['companyinformation', 'order']);
    expect(scopesOf([printed], true)).toEqual(['companyinformation', 'order']);
  });
});
