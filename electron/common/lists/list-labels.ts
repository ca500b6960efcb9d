/**
 * Every list's words under the renderer's message keys, from the registry: the grid, the CSV's
 * header and status column and the chips say the same (`list.<id>.col.<column>`,
 * `list.<id>.status.<status>`, `list.<id>.filter.<filter>`, `list.<id>.search.<field>` and the
 * grid's own words, `list.<id>.grid` and the rest of ListWords).
 */
import type { ResourceId } from '../resources';
import type { Language } from '../settings';
import { wordsIn, type ListWords, type Words } from './list-description';
import { eachList, type ColumnOf, type FilterOf, type SearchFieldOf, type StatusOf } from './registry';

type WordKey = Exclude<keyof ListWords, 'serviceNote'> | 'serviceNote.waiting' | 'serviceNote.off';

type KeysOf<R extends ResourceId> =
  | `list.${R}.col.${ColumnOf<R>}`
  | `list.${R}.status.${StatusOf<R>}`
  | `list.${R}.filter.${FilterOf<R>}`
  | `list.${R}.search.${SearchFieldOf<R>}`
  | `list.${R}.${WordKey}`;

export type ListLabelKey = { [R in ResourceId]: KeysOf<R> }[ResourceId];

/** The words of every list in `language`, under their message keys. */
export function listLabelMessages(language: Language): Record<ListLabelKey, string> {
  const entries: Array<[string, string]> = [];
  const add = (prefix: string, table: Readonly<Record<string, { label: Words } | Words>>) => {
    for (const [key, value] of Object.entries(table)) entries.push([`${prefix}.${key}`, wordsIn(value, language)]);
  };
  for (const { id, list } of eachList()) {
    add(`list.${id}.col`, list.fields);
    add(`list.${id}.status`, list.statuses);
    add(`list.${id}.filter`, list.filters);
    add(`list.${id}.search`, list.searchFields);
    const { serviceNote, ...words } = list.words;
    add(`list.${id}`, words);
    // A list without a note gets none: the grid asks only where the description has one.
    if (serviceNote) add(`list.${id}.serviceNote`, serviceNote);
  }
  return Object.fromEntries(entries) as Record<ListLabelKey, string>;
}
