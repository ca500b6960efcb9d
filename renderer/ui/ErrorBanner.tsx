import type { ReactNode } from 'react';
import { DeskError } from '../api';
import { useT } from '../i18n/i18n';

/** An error with its remedy and, where the caller offers one, an action (Retry, Reconnect). */
export function ErrorBanner({ error, action }: { error: Error; action?: ReactNode }) {
  const t = useT();
  const remedy = error instanceof DeskError ? error.remedy : undefined;
  return (
    <div className="banner banner-error" role="alert">
      <div>
        <strong>{t('error.generic')}: </strong>
        {error.message}
        {remedy && <div className="banner-remedy">{remedy}</div>}
      </div>
      {action}
    </div>
  );
}
