/**
 * "All companies" for a firm: one row per connected company with what needs attention,
 * from the companies' stored figures (SyncStatus.summary: no copy is opened to show it). A search
 * box, the chip "needs attention", a tag filter, every column sorting, tags edited in place, and
 * every figure opening its company with the grid narrowed to exactly those invoices.
 */
import type { SortingState } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { tagKey } from '../../../electron/common/companies';
import type { Language } from '../../../electron/ipc/contract';
import { useCompanies, useSettings } from '../../api';
import { useLanguage, useT } from '../../i18n/i18n';
import type { T } from '../overview/chart-format';
import { weekLabel } from '../overview/chart-format';
import { swedishToday, type OverviewLink } from '../overview/links';
import { formatAmount, formatCount, formatDate } from '../grid/format';
import { formatSyncTime } from '../sync/sync-text';
import { useSyncStatuses } from '../sync/queries';
import { columnLabel, type CellRenderers } from './firm-columns';
import { figureLink, figureValue, type FirmFigure } from './firm-links';
import { allTags, filterRows, firmRows, needsAttention, type FirmFilter, type FirmRow, type FirmRowCache } from './firm-rows';
import { FirmTable } from './FirmTable';
import { TagsCell } from './TagsCell';
import './firm.css';

export type OpenCompany = (companyId: string, link?: { link: OverviewLink; asOf: string }) => void;

const firstSort: SortingState = [{ id: 'overdue', desc: true }];

export function FirmOverview({ onOpen }: { onOpen: OpenCompany }) {
  const t = useT();
  const language = useLanguage();
  const companies = useCompanies();
  const statuses = useSyncStatuses();
  const [filter, setFilter] = useState<FirmFilter>({ search: '', attentionOnly: false, tag: null });
  const [sorting, setSorting] = useState<SortingState>(firstSort);
  const suggestionsId = useId();
  const [rowCache] = useState<FirmRowCache>(() => new WeakMap());
  const all = useMemo(() => firmRows(companies.data?.companies ?? [], statuses.data ?? [], rowCache), [companies.data, statuses.data, rowCache]);
  const tags = useMemo(() => allTags(all), [all]);
  // A tag no company has any more filters nothing (its option is gone from the list).
  const tag = filter.tag !== null && tags.some((t) => tagKey(t) === tagKey(filter.tag!)) ? filter.tag : null;
  const rows = useMemo(() => filterRows(all, { ...filter, tag }), [all, filter, tag]);
  const attention = useMemo(() => all.filter(needsAttention).length, [all]);
  const today = swedishToday();
  const cells = useMemo(() => cellRenderers({ t, language, today, onOpen, suggestionsId }), [t, language, today, onOpen, suggestionsId]);
  const narrowed = filter.search !== '' || filter.attentionOnly || tag !== null;
  const settings = useSettings();
  return (
    <div className="firm-overview" data-testid="firm-overview">
      <p className="muted small">{t('firm.caption')}</p>
      {settings.data?.localCopy === false && <p className="banner banner-info">{t('all.localCopyOff')}</p>}
      <div className="firm-toolbar" role="search">
        <label className="firm-search">
          <span className="visually-hidden">{t('firm.search')}</span>
          <input type="search" value={filter.search} placeholder={t('firm.searchPlaceholder')} onChange={(event) => setFilter({ ...filter, search: event.target.value })} data-testid="firm-search" />
        </label>
        <button type="button" className="chip-toggle" aria-pressed={filter.attentionOnly} title={t('firm.attentionHint')} onClick={() => setFilter({ ...filter, attentionOnly: !filter.attentionOnly })} data-testid="firm-attention">
          {t('firm.attention', { count: attention })}
        </button>
        <label>
          {t('firm.tagFilter')}{' '}
          <select value={tag ?? ''} onChange={(event) => setFilter({ ...filter, tag: event.target.value === '' ? null : event.target.value })} data-testid="firm-tag-filter">
            <option value="">{t('firm.allTags')}</option>
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </label>
        <span className="muted small" role="status" data-testid="firm-shown">
          {t('firm.shown', { shown: rows.length, total: all.length })}
        </span>
      </div>
      <datalist id={suggestionsId}>
        {tags.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      {rows.length === 0 && narrowed ? (
        <p className="muted">
          {t('firm.noMatch')}{' '}
          <button type="button" onClick={() => setFilter({ search: '', attentionOnly: false, tag: null })}>
            {t('firm.clearFilters')}
          </button>
        </p>
      ) : (
        <FirmTable rows={rows} sorting={sorting} onSortingChange={setSorting} cells={cells} />
      )}
    </div>
  );
}

/** Whole kronor: 300 rows of öre are noise; the exact amount is the figure's tooltip. */
const kronor = (sek: number, language: Language): string => formatCount(Math.round(sek) || 0, language);

/** A figure as the cell shows it (short), and as its tooltip and label say it (exact). */
function figureText(figure: FirmFigure, row: FirmRow, language: Language, t: T): { short: string; exact: string } {
  const summary = row.summary!;
  if (figure === 'lowestWeek') {
    const week = summary.lowestWeek!;
    return { short: `${weekLabel(week.week, t)}: ${kronor(week.netSek, language)}`, exact: `${weekLabel(week.week, t)}: ${formatAmount(week.netSek, 'SEK', language)}` };
  }
  if (figure === 'daysSinceLastInvoice') {
    const text = summary.daysSinceLastInvoice === 0 ? t('firm.today') : t('firm.days', { days: summary.daysSinceLastInvoice ?? 0 });
    return { short: text, exact: text };
  }
  const value = figureValue(figure, summary) ?? 0;
  return { short: kronor(value, language), exact: formatAmount(value, 'SEK', language) };
}

function cellRenderers({ t, language, today, onOpen, suggestionsId }: { t: T; language: Language; today: string; onOpen: OpenCompany; suggestionsId: string }): CellRenderers {
  return {
    name: (row) => (
      <button type="button" className="figure company-link" aria-label={t('firm.open', { company: row.name })} title={`${row.name} · ${row.organisationNumber}`} onClick={() => onOpen(row.companyId)} data-testid="firm-open">
        {row.name}
      </button>
    ),
    figure: (row, figure) => {
      if (!row.summary) return figure === 'owed' ? <span className="muted small">{t('firm.waiting')}</span> : null;
      const value = figureValue(figure, row.summary);
      const link = figureLink(figure, row.summary);
      if (value === null || link === null) {
        return figure === 'youOwe' || figure === 'overdueBills' || figure === 'lowestWeek' ? (
          <span className="muted" title={t('firm.unknownSupplier')}>
            –
          </span>
        ) : (
          <span className="muted">–</span>
        );
      }
      const text = figureText(figure, row, language, t);
      const stale = row.summary.asOf !== today ? ` (${t('firm.asOf', { date: formatDate(row.summary.asOf, language) })})` : '';
      const bad = (figure === 'overdue60' && value > 0) || (figure === 'lowestWeek' && value < 0);
      return (
        <button
          type="button"
          className={`figure${bad ? ' overdue' : ''}`}
          // The name starts with what the cell shows (a screen reader's user and a voice user say the same), then what it is.
          aria-label={`${text.short}${text.exact === text.short ? '' : ` (${text.exact})`}: ${t('firm.openFigure', { company: row.name, figure: t(columnLabel(figure)) })}${stale}`}
          title={text.exact + stale}
          onClick={() => onOpen(row.companyId, { link, asOf: row.summary!.asOf })}
          data-testid={`firm-${figure}`}
          data-value={value}
        >
          {text.short}
        </button>
      );
    },
    health: (row) => (
      // The badge above the time of the last sync, so the column fits a 1280-pixel window beside
      // the figures; read as one line ("OK · 02:17: remedy") by a screen reader.
      <button type="button" className="health-cell" title={t(`firm.remedy.${row.health}`)} onClick={() => onOpen(row.companyId)} data-testid="firm-health">
        <span className={`health-badge health-${row.health}`}>{t(`firm.health.${row.health}`, { days: row.expiresInDays ?? 0 })}</span>
        <span className="health-synced" data-testid="firm-last-sync">
          <span className="visually-hidden">{' · '}</span>
          {row.syncing ? '…' : row.lastSyncedAt ? formatSyncTime(row.lastSyncedAt, new Date(), language) : t('firm.never')}
        </span>
        <span className="visually-hidden">{`: ${t(`firm.remedy.${row.health}`)}`}</span>
      </button>
    ),
    tags: (row) => <TagsCell row={row} suggestionsId={suggestionsId} />,
  };
}
