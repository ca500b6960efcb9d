/**
 * A view's narrowings of its list's own (the overview's links: a scope, a customer or a supplier,
 * date bounds), as the registry describes them (own.view): which stored values are valid, the
 * query keys they become, and whether the view is narrowed by them. One rule for every list.
 */
import type { AnyListDescription, OwnKey } from '../../../electron/common/lists/list-description';
import { lists } from '../../../electron/common/lists/registry';
import type { ResourceId } from '../../../electron/common/resources';
import { normaliseDateRange } from './date-range';
import type { ExtraQuery, StoredView, ViewExtras, ViewSpec, ViewTypes } from './view-spec';

interface Bounds {
  from?: string;
  to?: string;
}

/** Date bounds that are dates (in order), or undefined. */
function validBounds(bounds: unknown): Bounds | undefined {
  if (typeof bounds !== 'object' || bounds === null) return undefined;
  const range = normaliseDateRange({ preset: 'custom', ...(bounds as Bounds) });
  return range && (range.from || range.to) ? { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) } : undefined;
}

/** A stored value of an own key, if it is valid. */
function validValue(key: OwnKey, value: unknown): unknown {
  switch (key.kind) {
    case 'choice':
      return typeof value === 'string' && key.values.includes(value) ? value : undefined;
    case 'text':
      return typeof value === 'string' && value !== '' && value.length <= key.max ? value : undefined;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
    case 'bounds':
      return validBounds(value);
  }
}

export function registryViewExtras<V extends ViewTypes>(id: ResourceId): ViewSpec<V>['extras'] {
  const own = Object.entries((lists[id] as AnyListDescription).own.view);
  return {
    normalise: (view: StoredView) => {
      const out: Record<string, unknown> = {};
      for (const [name, key] of own) {
        const value = validValue(key, (view as unknown as Record<string, unknown>)[name]);
        if (value !== undefined) out[name] = value;
      }
      return out as ViewExtras<V>;
    },
    toQuery: (extras: ViewExtras<V>) => {
      const out: Record<string, unknown> = {};
      const given = extras as Record<string, unknown>;
      for (const [name, key] of own) {
        const value = given[name];
        if (value === undefined || (key.kind === 'choice' && !value)) continue;
        if (key.kind === 'bounds') {
          const bounds = value as Bounds;
          if (bounds.from) out[key.query.from] = bounds.from;
          if (bounds.to) out[key.query.to] = bounds.to;
        } else out[name] = value;
      }
      return out as ExtraQuery<V>;
    },
    narrowed: (extras: ViewExtras<V>) => own.some(([name]) => (extras as Record<string, unknown>)[name] !== undefined),
  };
}
