/**
 * The parts of the export's usage text that say, list by list, what it takes: its resources and
 * their scopes, the filters, sort fields and search fields of each list, from the registry's
 * descriptions (the service's own, and what only the local copy adds with --mirror). A list added
 * to the registry is in the help without a word written here.
 */
import { localSortFieldsOf, serviceFiltersOf, serviceSortFieldsOf, type AnyListDescription } from '../common/lists/list-description';
import { eachList } from '../common/lists/registry';

/** The column the option descriptions of the usage text start at. */
const COLUMN = 31;
const WIDTH = 100;

/** `text` wrapped at WIDTH, under COLUMN, its continuation lines indented two more. */
function wrapped(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const indent = lines.length === 0 ? COLUMN : COLUMN + 2;
    if (line !== '' && indent + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(COLUMN + 2)}`);
}

/** A line per list, the first one after the option itself. */
function perList(line: (list: AnyListDescription, id: string) => string): string {
  return eachList()
    .map(({ id, list }) => wrapped(line(list, id)))
    .join(`\n${' '.repeat(COLUMN)}`);
}

/** A line per list named by its noun: "customer payments: …". */
const perNoun = (say: (list: AnyListDescription) => string): string => perList((list) => `${list.noun}s: ${say(list)}`);

const joined = (names: readonly string[]): string => (names.length === 0 ? 'none' : names.join(', '));

/** --resource: each list's id, what it is in both languages, its scope and the columns only the copy fills. */
export function resourceLines(): string {
  return perList((list, id) => {
    const copyOnly = Object.values<{ label: { en: string }; fromCopy?: true }>(list.fields).filter((field) => field.fromCopy).map((field) => field.label.en);
    const figures = copyOnly.length > 0 ? `; ${copyOnly.join(', ')} come from the local copy, only with --mirror` : '';
    return `${id}: ${list.words.grid.en} (${list.words.grid.sv}; scope ${list.api.scope})${figures}`;
  });
}

/** --filter: the service's filters of each list, and those only the copy has. */
export function filterLines(): string {
  return perNoun((list) => {
    const service = serviceFiltersOf(list);
    const local = Object.keys(list.filters).filter((name) => !service.includes(name));
    return `${joined(service)}${local.length > 0 ? `; with --mirror also ${local.join(', ')}` : ''}`;
  });
}

/** --sortby: the service's sort fields of each list, and those only the copy sorts by. */
export function sortLines(): string {
  return perNoun((list) => {
    const service = serviceSortFieldsOf(list);
    const local = localSortFieldsOf(list).filter((field) => !service.includes(field));
    if (service.length === 0) return `only with --mirror (the service lists them in its own order): ${joined(local)}`;
    return `${service.join(', ')}${local.length > 0 ? `; with --mirror also ${local.join(', ')}` : ''}`;
  });
}

/** --search: each list's search fields. */
export function searchLines(): string {
  return perNoun((list) => joined(Object.keys(list.searchFields)));
}

/** The scopes a refusal may name (exit 3): every list's, then the scans'. */
export function scopesNamed(): string {
  return [...new Set(eachList().map(({ list }) => list.api.scope)), 'connectfile', 'archive'].join(', ');
}
