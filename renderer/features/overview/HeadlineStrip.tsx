/**
 * The one line above a company's tabs: of its main currency, what is owed, overdue and to pay, and
 * the cash outlook's lowest week (headline.ts). Each figure is a link, as the overview's are: it
 * opens the grid on exactly its invoices. Until the local copy is ready (the figures are computed
 * on it) the line says so, and keeps its height, so the grid below does not jump when they come.
 */
import type { Language } from '../../../electron/ipc/contract';
import { useSettings } from '../../api';
import { useLanguage, useT } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';
import { formatAmount } from '../grid/format';
import { useGridMode } from '../sync/queries';
import { weekLabel } from './chart-format';
import { FigureButton } from './Figures';
import { headlineOf, type HeadlineFigure } from './headline';
import type { OverviewLink } from './links';
import { useCompanyReceivables } from './queries';
import './receivables.css';

export function HeadlineStrip({ companyId, onLink }: { companyId: string; onLink: (link: OverviewLink, asOf: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const settings = useSettings();
  const { mode } = useGridMode(companyId, 'invoices');
  const ready = mode === 'local';
  const overview = useCompanyReceivables(companyId, ready);
  const report = ready ? overview.data?.report : undefined;
  const headline = report ? headlineOf(report) : null;
  if (!report || !headline) {
    // Nothing to show (yet): say why, on the same one line. An error is the overview tab's to show.
    const why = !ready ? (settings.data?.localCopy === false ? 'headline.off' : 'headline.waiting') : null;
    return (
      <p className="headline-strip muted" data-testid="headline-strip" data-state={why ? 'waiting' : 'empty'}>
        {why ? t(why) : ''}
      </p>
    );
  }
  const { currency, lowestWeek } = headline;
  const open = (link: OverviewLink) => onLink(link, report.asOf);
  return (
    <section className="headline-strip" aria-label={t('headline.label', { currency })} data-testid="headline-strip" data-state="ready" data-currency={currency} data-as-of={report.asOf}>
      <dl className="headline-figures">
        <Figure label="headline.owed" figure={headline.owed} currency={currency} language={language} onLink={open} testId="headline-owed" />
        <Figure label="headline.overdue" figure={headline.overdue} currency={currency} language={language} onLink={open} testId="headline-overdue" tone="overdue" />
        <Figure label="headline.toPay" figure={headline.toPay} currency={currency} language={language} onLink={open} testId="headline-topay" />
        {lowestWeek && (
          <div className="headline-figure">
            <dt>{t('headline.lowestWeek')}</dt>
            <dd>
              <button
                type="button"
                className="figure"
                title={t(lowestWeek.side === 'out' ? 'headline.lowestWeekHint' : 'headline.lowestWeekInHint')}
                onClick={() => open(lowestWeek.link)}
                data-testid="headline-lowest-week"
                data-week={lowestWeek.week}
                data-amount={lowestWeek.amount}
                data-side={lowestWeek.side}
              >
                <span className={`figure-amount${lowestWeek.amount < 0 ? ' overdue' : ''}`}>{t('headline.lowestWeekValue', { week: weekLabel(lowestWeek.week, t), amount: formatAmount(lowestWeek.amount, currency, language) })}</span>
              </button>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function Figure({ label, figure, currency, language, onLink, testId, tone }: { label: MessageKey; figure: HeadlineFigure | null; currency: string; language: Language; onLink: (link: OverviewLink) => void; testId: string; tone?: 'overdue' }) {
  const t = useT();
  if (!figure) return null;
  return (
    <div className="headline-figure">
      <dt>{t(label)}</dt>
      <dd>
        <FigureButton link={figure.link} onLink={onLink} data={{ 'data-testid': testId, 'data-amount': figure.amount, 'data-count': figure.count }}>
          <span className={`figure-amount${tone === 'overdue' && figure.amount !== 0 ? ' overdue' : ''}`}>{formatAmount(figure.amount, currency, language)}</span>
        </FigureButton>
      </dd>
    </div>
  );
}
