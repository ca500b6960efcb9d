/**
 * A customer's statement (kontoutdrag) as at a day, opened from the customer register's
 * details or from an invoice's customer: per currency its rows with a running balance, the
 * balance and its ageing as at the day, and apart the payments it could not place. Computed by the
 * main process on the local copy (common/statement.ts); the window only shows it. A modal dialog
 * over the workspace (Escape or × closes it and gives the focus back); "Export CSV" saves it where
 * the save dialog says (both formats, the export's guard) and "Print…" prints only the statement.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ageingBuckets } from '../../../electron/common/ageing';
import type { ExportFormat } from '../../../electron/common/export';
import { NOT_PLACED_LIMIT, type CurrencyStatement, type StatementAnswer } from '../../../electron/common/statement';
import type { Language } from '../../../electron/ipc/contract';
import { desk, unwrap, type DeskError } from '../../api';
import { useLanguage, useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { formatAmount, formatCount, formatDate } from '../grid/format';
import { swedishToday } from '../overview/links';
import './statement.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function useStatement(companyId: string, customerNumber: string, asOf: string) {
  return useQuery<StatementAnswer, DeskError>({
    queryKey: ['statement', companyId, customerNumber, asOf],
    queryFn: () => unwrap(desk().receivables.statement(companyId, customerNumber, asOf)),
    enabled: DAY.test(asOf),
    staleTime: 30_000,
    retry: false,
  });
}

export function StatementDialog({ companyId, customerNumber, name, onClose }: { companyId: string; customerNumber: string; name: string; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const titleId = useId();
  const dateId = useId();
  const [asOf, setAsOf] = useState(swedishToday);
  const [format, setFormat] = useState<ExportFormat>(language === 'sv' ? 'excel-sv' : 'standard');
  const answer = useStatement(companyId, customerNumber, asOf);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });
  useEffect(() => {
    opener.current = document.activeElement;
    closeRef.current?.focus();
    document.body.classList.add('printing-statement');
    // A modal: the window behind it is inert (no focus, no clicks) while it is open.
    const root = document.getElementById('root');
    if (root) root.inert = true;
    // Escape with the focus on the body (a button the dialog disabled may have dropped it there);
    // inside the dialog, its own onKeyDown handles it and stops it there.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      latestClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('printing-statement');
      if (root) root.inert = false;
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, []);
  const save = useMutation<{ fileName: string } | null, DeskError>({ mutationFn: () => unwrap(desk().receivables.exportStatement(companyId, customerNumber, asOf, format)) });
  const statement = answer.data?.state === 'ready' ? answer.data.statement : null;
  const shownName = statement?.name || name;
  return createPortal(
    <div
      className="statement-backdrop"
      data-testid="statement-backdrop"
      onKeyDown={(event) => {
        // React's events bubble through the portal to the details panel that opened it: Escape
        // closes this dialog only, not the panel behind it too.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <section
        className="statement-dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="statement"
        data-state={answer.isPending ? 'loading' : answer.error ? 'error' : (answer.data?.state ?? 'loading')}
        data-as-of={asOf}
      >
        <header className="details-header statement-header">
          <h2 id={titleId}>{t('statement.title', { name: shownName, number: customerNumber })}</h2>
          <button ref={closeRef} type="button" className="no-print" onClick={onClose} aria-label={t('statement.close')}>
            ×
          </button>
        </header>
        <div className="statement-tools no-print">
          <label htmlFor={dateId}>{t('statement.asOf')}</label>
          <input id={dateId} type="date" value={asOf} max="2999-12-31" onChange={(event) => event.target.value && setAsOf(event.target.value)} data-testid="statement-as-of" />
          <span className="toolbar-spacer" />
          <select value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)} aria-label={t('export.format')} data-testid="statement-format">
            <option value="excel-sv">{t('export.format.excel-sv')}</option>
            <option value="standard">{t('export.format.standard')}</option>
          </select>
          <button type="button" disabled={!statement || save.isPending} onClick={() => save.mutate()} data-testid="statement-export">
            {t('statement.export')}
          </button>
          <button type="button" disabled={!statement} onClick={() => window.print()} data-testid="statement-print">
            {t('statement.print')}
          </button>
        </div>
        {save.data && (
          <p className="muted small no-print" role="status" data-testid="statement-saved">
            {t('statement.exported', { name: save.data.fileName })}
          </p>
        )}
        {save.error && <ErrorBanner error={save.error} />}
        <p className="print-only muted small">{t('statement.balance', { date: formatDate(asOf, language) })}</p>
        <StatementBody answer={answer.data} error={answer.error} pending={answer.isPending} asOf={asOf} language={language} />
        <p className="muted small">{t('statement.rule')}</p>
      </section>
    </div>,
    document.body,
  );
}

function StatementBody({ answer, error, pending, asOf, language }: { answer: StatementAnswer | undefined; error: DeskError | null; pending: boolean; asOf: string; language: Language }) {
  const t = useT();
  if (error) return <ErrorBanner error={error} />;
  if (pending || !answer) return <p className="muted" role="status">{t('statement.loading')}</p>;
  if (answer.state === 'unknown-customer') return <p className="muted">{t('statement.unknown')}</p>;
  if (answer.state === 'waiting') {
    return (
      <p className="muted" data-testid="statement-waiting" data-resource={answer.resource}>
        {answer.error?.kind === 'scope-missing' ? t('statement.noScope') : t(`statement.waiting.${answer.resource}`)}
      </p>
    );
  }
  const codes = Object.keys(answer.statement.currencies);
  if (codes.length === 0) return <p className="muted">{t('statement.nothing', { date: formatDate(asOf, language) })}</p>;
  const more = answer.statement.notPlacedMore;
  return (
    <>
      {codes.map((code) => (
        <CurrencySection key={code} code={code} statement={answer.statement.currencies[code] as CurrencyStatement} asOf={asOf} language={language} />
      ))}
      {/* Not printed: the count takes in payments that may be other customers'. */}
      {more > 0 && (
        <p className="muted small no-print" data-testid="statement-not-placed-more" data-count={more}>
          {more === 1 ? t('statement.notPlacedMoreOne', { limit: NOT_PLACED_LIMIT }) : t('statement.notPlacedMore', { count: formatCount(more, language), limit: NOT_PLACED_LIMIT })}
        </p>
      )}
    </>
  );
}

function CurrencySection({ code, statement, asOf, language }: { code: string; statement: CurrencyStatement; asOf: string; language: Language }) {
  const t = useT();
  const headingId = useId();
  const date = formatDate(asOf, language);
  // A payment whose invoice the copy does not know may be another customer's: shown to the owner
  // here, never printed for the customer (nor in the exported file, export/statement-csv.ts), nor
  // a currency that only such payments brought in.
  const anyones = statement.notPlaced.some((payment) => payment.reason === 'invoice-unknown');
  const ownNotPlaced = statement.notPlaced.some((payment) => payment.reason !== 'invoice-unknown');
  return (
    <section className={`statement-currency${statement.rows.length === 0 && !ownNotPlaced ? ' no-print' : ''}`} aria-labelledby={headingId} data-testid="statement-currency" data-currency={code} data-balance={statement.balance}>
      <h3 id={headingId}>
        {t('statement.currency', { currency: code })}: {t('statement.balance', { date })} <strong data-testid="statement-balance">{formatAmount(statement.balance, code, language)}</strong>
      </h3>
      {statement.rows.length > 0 && (
        <table className="document-rows statement-rows" data-testid="statement-rows">
          <thead>
            <tr>
              <th scope="col">{t('statement.col.date')}</th>
              <th scope="col">{t('statement.col.kind')}</th>
              <th scope="col">{t('statement.col.invoice')}</th>
              <th scope="col" className="num">{t('statement.col.amount')}</th>
              <th scope="col" className="num">{t('statement.col.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {statement.rows.map((row, index) => (
              <tr key={index} data-kind={row.kind}>
                <td>{formatDate(row.date, language)}</td>
                <td>{t(`statement.kind.${row.kind}`)}</td>
                <td>{row.documentNumber}</td>
                <td className="num">{formatAmount(row.amount, code, language)}</td>
                <td className="num">{formatAmount(row.balance, code, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="document-rows statement-ageing" data-testid="statement-ageing">
        <caption>{t('statement.ageing', { date })}</caption>
        <thead>
          <tr>
            {ageingBuckets.map((bucket) => (
              <th key={bucket} scope="col" className="num">
                {t(`overview.bucket.${bucket}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {ageingBuckets.map((bucket) => (
              <td key={bucket} className="num" data-bucket={bucket} data-amount={statement.ageing[bucket]}>
                {formatAmount(statement.ageing[bucket], code, language)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {statement.notPlaced.length > 0 && (
        <table className={`document-rows statement-not-placed${ownNotPlaced ? '' : ' no-print'}`} data-testid="statement-not-placed">
          <caption>{t('statement.notPlaced')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('statement.col.date')}</th>
              <th scope="col">{t('statement.col.payment')}</th>
              <th scope="col">{t('statement.col.invoice')}</th>
              <th scope="col" className="num">{t('statement.col.amount')}</th>
              <th scope="col">{t('statement.col.why')}</th>
            </tr>
          </thead>
          <tbody>
            {statement.notPlaced.map((payment) => (
              <tr key={payment.number} data-reason={payment.reason} className={payment.reason === 'invoice-unknown' ? 'no-print' : undefined}>
                <td>{payment.paymentDate ? formatDate(payment.paymentDate, language) : '–'}</td>
                <td>{payment.number}</td>
                <td>{payment.invoiceNumber}</td>
                {/* Negative, as a payment row above (and in the CSV): money that would lower the balance. */}
                <td className="num">{formatAmount(-payment.amount, payment.currency || code, language)}</td>
                <td>{t(`statement.reason.${payment.reason}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {anyones && (
        <p className="muted small no-print" data-testid="statement-owner-only">
          {t('statement.ownerOnly')}
        </p>
      )}
    </section>
  );
}
