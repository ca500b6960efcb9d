/**
 * The workspace's list tabs (list-tabs.ts): one per list whose description has a tab, each
 * showing its own list's grid, with every word of its access notice written in both languages,
 * and the views an event or a row of another tab sends it.
 */
import { describe, expect, it } from 'vitest';
import { lists } from '../../../../../electron/common/lists/registry';
import { resourceIds } from '../../../../../electron/common/resources';
import type { AnyGridView, GridRow } from '../../../../../renderer/features/grid/grid-resource';
import { knownCustomerName } from '../../../../../renderer/features/overview/customer-names';
import { defaultView } from '../../../../../renderer/features/invoices/view';
import { accessNoticeText } from '../../../../../renderer/features/workspace/access-text';
import { listTabs } from '../../../../../renderer/features/workspace/list-tabs';
import type { TabListId } from '../../../../../renderer/features/workspace/tab-entry';
import { tabLists, workspaceTabs } from '../../../../../renderer/features/workspace/workspace-tab';

const view = { ...defaultView, filter: 'unpaid', text: 'acme' } as unknown as AnyGridView;

describe('the list tabs', () => {
  it("are the lists whose description has a tab, in sync order, each showing its own list's grid", () => {
    expect(tabLists).toEqual(resourceIds.filter((id) => lists[id].tab));
    expect(workspaceTabs).toEqual(['overview', 'digest', ...tabLists]);
    expect(Object.keys(listTabs).sort()).toEqual([...tabLists].sort());
    for (const id of tabLists) expect(listTabs[id].grid.id).toBe(id);
  });

  it('have every word of their access notice, in both languages, with the same placeholders', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const id of tabLists) {
      const access = listTabs[id].access;
      if (!access) continue;
      for (const kind of ['scope-missing', 'licence-missing', 'permission-missing', 'unavailable'] as const) {
        for (const serviceAccount of [false, true]) {
          const text = accessNoticeText({ kind }, serviceAccount);
          for (const key of [text.title, ...(text.body ? [text.body] : []), 'approve' as const]) {
            for (const language of ['sv', 'en'] as const) expect(access.words[language][key], `${id} ${language} ${key}`).toMatch(/\S/);
            expect(names(access.words.en[key]), `${id} ${key}`).toEqual(names(access.words.sv[key]));
          }
        }
      }
    }
  });

  it("show an event of \"Sedan sist\" as its row, and a customer's row leads to its invoices", () => {
    expect(listTabs.invoices.showEvent('4711')(view)).toMatchObject({ search: { field: 'documentnumber', value: '4711' }, limit: defaultView.limit });
    expect(listTabs.invoices.showEvent('4711')(view)).not.toHaveProperty('filter');
    expect(listTabs.supplierinvoices.showEvent('88')(view)).toMatchObject({ text: '88' });
    const opened: Array<[TabListId, AnyGridView]> = [];
    listTabs.customers.follow?.({ customerNumber: '12', name: 'Acme AB', status: 'active', currency: 'SEK' } as GridRow, (tab, update) => opened.push([tab, update(view)]));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.[0]).toBe('invoices');
    expect(opened[0]?.[1]).toMatchObject({ customer: '12' });
    expect(opened[0]?.[1]).not.toHaveProperty('text');
    expect(knownCustomerName('12')).toBe('Acme AB');
  });
});
