/**
 * The export's view options: which pages (--pages), how many per page (--limit), and the view's
 * filter, sort, search and dates (--filter, --sortby, --sortorder, --search, --from, --to,
 * --lastmodified), checked by the same validation the app uses, so nothing is sent before the
 * whole command line is known good. Apart from the general options (export-args.ts) because this
 * half follows the list's description (export-resources.ts) and grows with it.
 */
import { isApiError } from '../kernel/errors';
import { MAX_LIMIT, isIsoDate, type ListQuery } from '../api/list-query';
import { serviceSortFieldsOf, type AnyListDescription } from '../common/lists/list-description';
import { lists } from '../common/lists/registry';
import { copyOnlyPartsOf } from '../common/lists/service-answers';
import type { ResourceId } from '../common/resources';
import { resolvePages, type PageSelection } from '../export/export-job';
import { exportResources } from '../export/export-resources';
import { invalid, UsageError } from './args';

export function parsePages(value: string): PageSelection {
  const text = value.trim();
  let selection: PageSelection;
  if (text === 'all') selection = 'all';
  else if (/^\d+$/.test(text)) selection = [Number(text)];
  else if (/^\d+\s*-\s*\d+$/.test(text)) {
    const [from, to] = text.split('-').map((part) => Number(part.trim())) as [number, number];
    selection = { from, to };
  } else if (/^\d+(\s*,\s*\d+)+$/.test(text)) selection = text.split(',').map((part) => Number(part.trim()));
  else throw invalid('--pages', `"${value}" is not all, N, N-M or N,M,... (pages are numbered from 1)`);
  try {
    resolvePages(selection);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid export: /, '') : String(error);
    throw invalid('--pages', `${detail.replace(/\.$/, '')} (got "${value}")`);
  }
  return selection;
}

function parseLimit(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw invalid('--limit', `"${value}" is not a whole number from 1 to ${MAX_LIMIT}`);
  return Number(value.trim());
}

function parseSearch(values: readonly string[], fields: readonly string[]): { field: string; value: string } {
  if (values.length > 1) {
    throw invalid('--search', `only one search at a time (the service takes one search parameter; got ${values.length}); --from, --to and --filter combine with it`);
  }
  const value = values[0] ?? '';
  const at = value.indexOf('=');
  if (at <= 0) throw invalid('--search', `"${value}" is not field=value (fields: ${fields.join(', ')})`);
  const field = value.slice(0, at).trim().toLowerCase();
  if (field === 'fromdate' || field === 'todate') {
    throw invalid('--search', `${field} is not a search field: use --${field === 'fromdate' ? 'from' : 'to'} YYYY-MM-DD (it combines with --search and --filter)`);
  }
  return { field, value: value.slice(at + 1) };
}

/** The query's field names as the command line spells them. */
const OPTION_OF: Record<string, string> = { fromdate: 'from', todate: 'to' };

/** The query options, validated by the same validation the app uses (nothing is sent before). */
export function buildQuery(values: Record<string, string | undefined>, search: readonly string[] | undefined, resourceId: ResourceId, mirror: boolean): ListQuery {
  const list: AnyListDescription = lists[resourceId];
  if (serviceSortFieldsOf(list).length === 0 && !mirror) {
    // A list the service sorts by nothing: said before the validator's own words, with the way out.
    for (const option of ['sortby', 'sortorder'] as const) {
      if (values[option] !== undefined) {
        throw invalid(`--${option}`, `the service cannot sort ${list.noun}s (it lists them in its own order); add --mirror <folder> to sort them on the local copy`);
      }
    }
  }
  if (!list.dated) {
    for (const option of ['from', 'to'] as const) if (values[option] !== undefined) throw invalid(`--${option}`, `${list.noun}s have no invoice date to narrow by`);
  }
  const resource = exportResources[resourceId];
  const validate = mirror ? resource.localQuery : resource.serviceQuery;
  const input: Record<string, unknown> = { limit: values.limit === undefined ? MAX_LIMIT : parseLimit(values.limit) };
  if (values.filter !== undefined) input.filter = values.filter;
  if (values.sortby !== undefined) input.sortby = values.sortby;
  if (values.sortorder !== undefined) input.sortorder = values.sortorder;
  if (values.lastmodified !== undefined) input.lastmodified = values.lastmodified;
  if (search !== undefined) input.search = parseSearch(search, Object.keys(list.searchFields));
  if (values.from !== undefined) input.fromdate = values.from;
  if (values.to !== undefined) input.todate = values.to;
  if (values.from !== undefined && values.to !== undefined && isIsoDate(values.from.trim()) && isIsoDate(values.to.trim()) && values.from.trim() > values.to.trim()) {
    throw new UsageError(`invalid --from/--to: --from ${values.from.trim()} is after --to ${values.to.trim()}`);
  }
  // What only the copy answers (the same rule as the app's grid and export), with the way out.
  const copyOnly = mirror ? undefined : copyOnlyPartsOf(list, input)[0];
  if (copyOnly) {
    const name = OPTION_OF[copyOnly.key] ?? copyOnly.key;
    throw invalid(`--${name}`, `the service cannot ${copyOnly.verb} ${list.noun}s this way (${copyOnly.words}); add --mirror <folder> to answer it from the local copy`);
  }
  try {
    return validate(input);
  } catch (error) {
    if (isApiError(error) && error.kind === 'bad-request') {
      const field = (error.field ?? 'query').split('.')[0] ?? 'query';
      const name = OPTION_OF[field] ?? field;
      const given = name === 'search' ? search?.[0] : values[name];
      const detail = error.message
        .replace(/^Invalid [\w ]+ query: /, '')
        .replace(/^"[\w.]+"\s*:?\s*/, '')
        .replace(/\.$/, '');
      throw invalid(`--${name}`, `${detail}${given !== undefined ? ` (got "${given}")` : ''}`);
    }
    throw error;
  }
}
