/**
 * The supplier invoices' tab (workspace/list-tabs.ts): their grid, or what the company lacks to
 * read them (its access words, supplier-access-words.ts); an event of "Sedan sist" is found by the search box, which finds
 * the GivenNumber.
 */
import { clearedForLink } from '../overview/link-ranges';
import type { TabEntry } from '../workspace/tab-entry';
import { supplierAccessWords } from './supplier-access-words';
import { supplierInvoices } from './supplier-resource';

export const supplierTab: TabEntry<'supplierinvoices'> = {
  grid: supplierInvoices,
  access: { words: supplierAccessWords, testId: 'supplier-access' },
  showEvent: (givenNumber) => (view) => ({ ...clearedForLink(view, ''), text: givenNumber }),
};
