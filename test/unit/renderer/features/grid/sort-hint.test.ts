import { describe, expect, it } from 'vitest';
import { headerTitle } from '../../../../../renderer/features/grid/sort-hint';
import { dictionaries } from '../../../../../renderer/i18n/messages';

const sv = (key: keyof typeof dictionaries.sv) => dictionaries.sv[key];
const en = (key: keyof typeof dictionaries.en) => dictionaries.en[key];

describe('a column header’s tooltip', () => {
  it('Total and Balance on the local copy: sorted by the value in SEK at each invoice’s own rate', () => {
    expect(headerTitle({ id: 'balance', canSort: true, sorted: 'desc', descFirst: true, mode: 'local', notSortable: 'list.invoices.notSortable' }, sv)).toBe(
      'Sorterad fallande. Klicka för stigande. Sorteras på värdet i kronor, till varje fakturas egen kurs.',
    );
    expect(headerTitle({ id: 'total', canSort: true, sorted: false, descFirst: true, mode: 'local', notSortable: 'list.invoices.notSortable' }, en)).toBe("Click to sort. Sorted by the value in SEK, at each invoice's own rate.");
  });

  it('Total sorted by the service (no copy): the amount as written, whatever its currency', () => {
    expect(headerTitle({ id: 'total', canSort: true, sorted: 'asc', descFirst: true, mode: 'service', notSortable: 'list.invoices.notSortable' }, en)).toBe(
      'Sorted ascending. Click to remove the sort. The service sorts by the amount as written, whatever its currency.',
    );
  });

  it('other columns: only what a click does; an unsortable one says the service cannot', () => {
    expect(headerTitle({ id: 'customerName', canSort: true, sorted: 'asc', descFirst: false, mode: 'local', notSortable: 'list.invoices.notSortable' }, en)).toBe('Sorted ascending. Click for descending.');
    expect(headerTitle({ id: 'balance', canSort: false, sorted: false, descFirst: true, mode: 'service', notSortable: 'list.invoices.notSortable' }, sv)).toBe('Tjänsten kan inte sortera på den här kolumnen.');
  });
});
