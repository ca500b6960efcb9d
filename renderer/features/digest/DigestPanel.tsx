/**
 * "Sedan sist" / "Since you last looked": what changed, grouped by kind, each group's
 * count and sums per currency, its events newest first, each a link to its invoice; "Mark all as
 * seen", and per event "snooze until tomorrow / Monday" and "dismiss". One company's, or every
 * company's (All companies: `companyId` null). Read from the local copies (digest:view); the
 * sidebar's counts follow every mark (sync:changed).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cursorAfter, DIGEST_PAGE_MAX, eventDay, type DigestAnswer, type DigestItem, type DigestKind, type DigestMarkRequest } from '../../../electron/common/digest';
import { desk, unwrap, type DeskError } from '../../api';
import { useLanguage, useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { OneLine } from '../../ui/OneLine';
import { digestKeys } from './digest-keys';
import { formatAmount, formatCount, formatDate } from '../grid/format';
import './digest.css';

/** The first page of each kind; "Show more" reads the next ones, MORE at a time. */
const PAGE = 20;
const MORE = DIGEST_PAGE_MAX;

const keyOf = (item: DigestItem): string => `${item.companyId}:${item.seq}`;


export function useDigest(companyId: string | null) {
  return useQuery<DigestAnswer, DeskError>({
    queryKey: digestKeys.of(companyId),
    queryFn: () => unwrap(desk().digest.view(companyId, { limit: PAGE })),
  });
}

export function DigestPanel({ companyId, onOpen }: { companyId: string | null; onOpen: (item: DigestItem) => void }) {
  const t = useT();
  const client = useQueryClient();
  const digest = useDigest(companyId);
  // Later pages of a kind, read with "Show more" (dropped when the digest is read again).
  const [more, setMore] = useState<{ for: DigestAnswer | undefined; items: Partial<Record<DigestKind, DigestItem[]>> }>({ for: undefined, items: {} });
  const extra = more.for === digest.data ? more.items : {};
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState<DeskError | null>(null);

  const mark = async (marks: Array<[string, DigestMarkRequest]>) => {
    setMarking(true);
    setMarkError(null);
    try {
      for (const [company, request] of marks) await unwrap(desk().digest.mark(company, request));
    } catch (error) {
      setMarkError(error as DeskError);
    } finally {
      setMarking(false);
      await client.invalidateQueries({ queryKey: digestKeys.all });
    }
  };
  const showMore = async (kind: DigestKind, shown: DigestItem[]) => {
    const loadedFor = digest.data;
    const last = shown.at(-1);
    try {
      // The page after the last event shown (a cursor, not a count: an event recorded meanwhile is
      // newer, so it moves nothing, and each copy reads one page however many are shown).
      const page = await unwrap(desk().digest.view(companyId, { limit: MORE, kind, ...(last ? { after: cursorAfter(last) } : {}) }));
      const items = page.groups.find((g) => g.kind === kind)?.items ?? [];
      setMore((previous) => {
        const kept = previous.for === loadedFor ? previous.items : {};
        return { for: loadedFor, items: { ...kept, [kind]: [...(kept[kind] ?? []), ...items] } };
      });
    } catch (error) {
      setMarkError(error as DeskError);
    }
  };

  const title = t(companyId === null ? 'digest.allTitle' : 'digest.title');
  if (digest.error) return <ErrorBanner error={digest.error} />;
  if (!digest.data) return <p className="muted" role="status">{t('digest.loading')}</p>;
  const { groups, lastSeq, unseen } = digest.data;
  return (
    <section className="digest" aria-label={title} data-testid="digest">
      <div className="digest-head">
        <h2>{title}</h2>
        {unseen > 0 && (
          <button type="button" disabled={marking} onClick={() => void mark(Object.entries(lastSeq).map(([company, seq]) => [company, { action: 'seen-all', upToSeq: seq }]))} data-testid="digest-mark-all">
            {t('digest.markAll')}
          </button>
        )}
      </div>
      {markError && <ErrorBanner error={markError} />}
      {groups.length === 0 ? (
        <p className="muted" data-testid="digest-empty">
          {Object.keys(lastSeq).length === 0 ? t('digest.waiting') : t('digest.empty')}
        </p>
      ) : (
        groups.map((group) => {
          const items = [...group.items, ...(extra[group.kind] ?? [])];
          return (
            <DigestGroup
              key={group.kind}
              kind={group.kind}
              count={group.count}
              sums={group.sums}
              items={items}
              allCompanies={companyId === null}
              busy={marking}
              onOpen={onOpen}
              onMark={(item, request) => void mark([[item.companyId, request]])}
              {...(items.length < group.count ? { onMore: () => void showMore(group.kind, items) } : {})}
            />
          );
        })
      )}
    </section>
  );
}

interface GroupProps {
  kind: DigestKind;
  count: number;
  sums: Record<string, number>;
  items: DigestItem[];
  allCompanies: boolean;
  busy: boolean;
  onOpen: (item: DigestItem) => void;
  onMark: (item: DigestItem, request: DigestMarkRequest) => void;
  onMore?: () => void;
}

function DigestGroup({ kind, count, sums, items, allCompanies, busy, onOpen, onMark, onMore }: GroupProps) {
  const t = useT();
  const language = useLanguage();
  const sumText = Object.entries(sums)
    .sort(([a], [b]) => (a === 'SEK' ? -1 : b === 'SEK' ? 1 : a.localeCompare(b)))
    .map(([currency, amount]) => formatAmount(amount, currency, language))
    .join(' · ');
  return (
    <section className="digest-group" data-kind={kind} data-count={count}>
      <h3>
        <span>{t(`digest.kind.${kind}`)}</span>
        <span className="digest-group-figures">
          <span className="digest-count">{t('digest.count', { count: formatCount(count, language) })}</span>
          <span className="digest-sums">{sumText}</span>
        </span>
      </h3>
      <ul className="digest-items">
        {items.map((item) => (
          <li key={keyOf(item)} className="digest-item" data-seq={item.seq} data-id={item.id}>
            <span className="digest-day">{formatDate(eventDay(item), language)}</span>
            <button type="button" className="link-button digest-number" onClick={() => onOpen(item)} aria-label={t('digest.open', { number: item.id })}>
              {item.id}
            </button>
            <OneLine className="digest-party" text={allCompanies ? `${item.counterpartyName} · ${item.companyName}` : item.counterpartyName} />
            <span className="digest-amount">{formatAmount(item.amount, item.currency, language)}</span>
            <span className="digest-actions">
              <button type="button" disabled={busy} onClick={() => onMark(item, { action: 'snooze', seq: item.seq, until: 'tomorrow' })} aria-label={t('digest.snoozeTomorrowLabel', { number: item.id })}>
                {t('digest.snoozeTomorrow')}
              </button>
              <button type="button" disabled={busy} onClick={() => onMark(item, { action: 'snooze', seq: item.seq, until: 'next-monday' })} aria-label={t('digest.snoozeMondayLabel', { number: item.id })}>
                {t('digest.snoozeMonday')}
              </button>
              <button type="button" disabled={busy} onClick={() => onMark(item, { action: 'dismiss', seq: item.seq })} aria-label={t('digest.dismissLabel', { number: item.id })}>
                {t('digest.dismiss')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {onMore && (
        <button type="button" className="link-button digest-more" onClick={onMore}>
          {t('digest.more', { count: formatCount(Math.min(MORE, count - items.length), language) })}
        </button>
      )}
    </section>
  );
}
