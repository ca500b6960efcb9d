/**
 * Every connected company's money in and out per currency, with the totals per currency: what
 * customers owe (and how much of it is overdue), what the company owes its suppliers, and the net.
 * One table, a company's name opening that company. A company whose local copy is not ready says so
 * (the figures are computed on the copies); where its supplier copy is not (or its supplier scope
 * is missing) what it owes is unknown: "–", never 0, and the net with it.
 */
import type { AllReceivables, CompanyCurrencyFigures } from '../../../electron/common/receivables';
import type { Language } from '../../../electron/ipc/contract';
import { useSettings } from '../../api';
import { useLanguage, useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { formatAmount, formatCount, formatDate } from '../grid/format';
import { useAllReceivables } from './queries';
import { byCurrency } from './report-view';
import './receivables.css';
import { ofCurrency } from '../../../electron/common/currency-table';
import { formatDays } from './DaysOutstanding';

/** An amount that may be unknown (null): "–", with the note under the table saying why. */
function MaybeAmount({ amount, code, language, testId }: { amount: number | null; code: string; language: Language; testId: string }) {
  const t = useT();
  return (
    <td className="num" data-testid={testId} data-amount={amount ?? ''} data-unknown={amount === null}>
      {amount === null ? (
        <span title={t('all.unknownNote')}>
          –<span className="visually-hidden">{` ${t('all.unknown')}`}</span>
        </span>
      ) : (
        formatAmount(amount, code, language)
      )}
    </td>
  );
}


/** A company's DSO or DPO today; "–" while its payments are not known. */
function DaysCell({ side, days, rowSpan, language }: { side: 'dso' | 'dpo'; days: number | null; rowSpan: number; language: Language }) {
  const t = useT();
  return (
    <td className="num" rowSpan={rowSpan} data-testid={`all-${side}`} data-days={days ?? ''}>
      {days === null ? (
        <span title={t(`days.unknown.${side}`)}>
          –<span className="visually-hidden">{` ${t('all.unknown')}`}</span>
        </span>
      ) : (
        formatDays(days, language)
      )}
    </td>
  );
}

function FigureCells({ code, figures, language }: { code: string; figures: CompanyCurrencyFigures; language: Language }) {
  return (
    <>
      <td>{code}</td>
      <td className="num" data-testid="all-owed" data-amount={figures.owed}>
        {formatAmount(figures.owed, code, language)}
      </td>
      <td className="num" data-testid="all-overdue" data-amount={figures.overdue}>
        {formatAmount(figures.overdue, code, language)}
      </td>
      <td className="num" data-testid="all-count-overdue" data-count={figures.countOverdue}>
        {formatCount(figures.countOverdue, language)}
      </td>
      <MaybeAmount amount={figures.toPay} code={code} language={language} testId="all-to-pay" />
      <MaybeAmount amount={figures.net} code={code} language={language} testId="all-net" />
    </>
  );
}

/** The per-currency table (under the firm's overview, firm/AllCompaniesView.tsx); `onOpen` makes the company active. */
export function AllCompanies({ onOpen }: { onOpen: (companyId: string) => void }) {
  const t = useT();
  const language = useLanguage();
  const all = useAllReceivables();
  const settings = useSettings();
  const open = onOpen;
  return (
    <div className="all-per-currency" data-testid="all-per-currency">
      {settings.data?.localCopy === false && <p className="banner banner-info">{t('all.localCopyOff')}</p>}
      {all.error && <ErrorBanner error={all.error} action={<button type="button" onClick={() => void all.refetch()}>{t('overview.retry')}</button>} />}
      {all.isPending && <p className="muted" role="status">{t('overview.loading')}</p>}
      {all.data && (all.data.companies.length === 0 ? <p className="muted">{t('all.none')}</p> : <AllTable data={all.data} language={language} onOpen={open} />)}
    </div>
  );
}

function AllTable({ data, language, onOpen }: { data: AllReceivables; language: Language; onOpen: (companyId: string) => void }) {
  const t = useT();
  const totals = Object.keys(data.totals).sort(byCurrency);
  const anyUnknown = data.companies.some((c) => c.ready && !c.payablesKnown);
  const head = (
    <thead>
      <tr>
        <th scope="col">{t('all.company')}</th>
        <th scope="col">{t('overview.currency')}</th>
        <th scope="col" className="num">{t('all.owedToYou')}</th>
        <th scope="col" className="num">{t('overview.overdue')}</th>
        <th scope="col" className="num">{t('all.countOverdue')}</th>
        <th scope="col" className="num">{t('all.youOwe')}</th>
        <th scope="col" className="num">{t('all.net')}</th>
        <th scope="col" className="num">{t('all.dso')}</th>
        <th scope="col" className="num">{t('all.dpo')}</th>
      </tr>
    </thead>
  );
  const table = (
    <table className="overview-table all-table" data-testid="all-table" data-as-of={data.asOf}>
      <caption>{t('all.caption', { date: formatDate(data.asOf, language) })}</caption>
      {head}
      {data.companies.map((company) => {
        const codes = Object.keys(company.currencies).sort(byCurrency);
        const name = (
          <th scope="rowgroup" rowSpan={Math.max(1, codes.length)}>
            <button type="button" className="figure company-link" aria-label={t('all.open', { name: company.name })} onClick={() => onOpen(company.companyId)} data-testid="all-company-open">
              {company.name}
            </button>
          </th>
        );
        // A company's DSO and DPO are one figure each (in SEK at each invoice's rate), beside its first currency.
        const days = (
          <>
            <DaysCell side="dso" days={company.dso} rowSpan={Math.max(1, codes.length)} language={language} />
            <DaysCell side="dpo" days={company.dpo} rowSpan={Math.max(1, codes.length)} language={language} />
          </>
        );
        return (
          <tbody key={company.companyId} data-testid="all-company" data-company={company.companyId} data-ready={company.ready}>
            {!company.ready || codes.length === 0 ? (
              <tr>
                {name}
                <td colSpan={6} className="muted">
                  {company.ready ? t('all.nothingOwed') : t('all.notReady')}
                </td>
                {days}
              </tr>
            ) : (
              codes.map((code, index) => (
                <tr key={code} data-testid="all-company-currency" data-currency={code}>
                  {index === 0 && name}
                  <FigureCells code={code} figures={ofCurrency(company.currencies, code)!} language={language} />
                  {index === 0 && days}
                </tr>
              ))
            )}
          </tbody>
        );
      })}
      <tfoot>
        {totals.map((code, index) => (
          <tr key={code} data-testid="all-total" data-currency={code}>
            {index === 0 && (
              <th scope="rowgroup" rowSpan={totals.length}>
                {t('all.total')}
              </th>
            )}
            <FigureCells code={code} figures={ofCurrency(data.totals, code)!} language={language} />
            {index === 0 && <td colSpan={2} rowSpan={totals.length} />}
          </tr>
        ))}
      </tfoot>
    </table>
  );
  return (
    <>
      {table}
      {anyUnknown && (
        <p className="muted small" data-testid="all-unknown-note">
          {t('all.unknownNote')}
        </p>
      )}
    </>
  );
}
