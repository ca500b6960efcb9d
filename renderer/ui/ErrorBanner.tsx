import type { ReactNode } from 'react';
import type { IpcErrorKind } from '../../electron/ipc/contract';
import { DeskError } from '../api';
import { useLanguage, useT } from '../i18n/i18n';
import { swedishErrors, swedishReasons } from '../i18n/errors';

/**
 * An error with its remedy and, where the caller offers one, an action (Retry, Reconnect).
 * The main process words its errors in English; in Swedish the banner leads with the Swedish
 * headline and remedy for the error's kind and keeps the original words as the detail.
 */
export function ErrorBanner({ error, action }: { error: Error; action?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const kind: IpcErrorKind | undefined = error instanceof DeskError ? error.kind : undefined;
  const reason = error instanceof DeskError ? error.reason : undefined;
  // A finer cause (a module's licence, a wrong API address) has its own words; else the kind's.
  const swedish = language === 'sv' && kind ? (reason ? swedishReasons[reason] : swedishErrors[kind]) : undefined;
  const remedy = error instanceof DeskError ? error.remedy : undefined;
  return (
    <div className="banner banner-error" role="alert">
      <div>
        {swedish ? (
          <>
            <strong>{swedish.headline}</strong>
            {swedish.remedy && <div className="banner-remedy">{swedish.remedy}</div>}
            <div className="banner-detail" lang="en">
              {error.message}
              {error instanceof DeskError && error.serviceMessage ? ` (${error.serviceMessage})` : ''}
            </div>
          </>
        ) : (
          <>
            <strong>{t('error.generic')}: </strong>
            {error.message}
            {error instanceof DeskError && error.serviceMessage ? ` (${error.serviceMessage})` : ''}
            {remedy && <div className="banner-remedy">{remedy}</div>}
          </>
        )}
      </div>
      {action}
    </div>
  );
}
