/**
 * The grid's error banner: the API core's message and remedy, and the one action that can help
 * for that kind of error. A licence error gets no Reconnect (OAuth cannot fix a missing licence:
 * the remedy says to activate it in the service's marketplace).
 */
import { DeskError } from '../../api';
import { actionFor } from './error-action';
import { useT } from '../../i18n/i18n';
import { ErrorBanner } from '../../ui/ErrorBanner';

export function GridError({
  error,
  onRetry,
  onReconnect,
  onResetView,
}: {
  error: Error;
  onRetry: () => void;
  onReconnect?: () => void;
  onResetView: () => void;
}) {
  const t = useT();
  const action = actionFor(error);
  const kind = error instanceof DeskError ? error.kind : 'unknown';
  let button = null;
  if (action === 'reconnect' && onReconnect) {
    button = (
      <button type="button" className="primary" onClick={onReconnect} data-testid="grid-reconnect">
        {t('grid.action.reconnect')}
      </button>
    );
  } else if (action === 'retry') {
    button = (
      <button type="button" onClick={onRetry} data-testid="grid-retry">
        {t('grid.action.retry')}
      </button>
    );
  } else if (action === 'reset-view') {
    button = (
      <button type="button" onClick={onResetView} data-testid="grid-reset-view">
        {t('grid.action.resetView')}
      </button>
    );
  }
  return (
    <div data-testid="grid-error" data-kind={kind}>
      <ErrorBanner error={error} action={button ?? undefined} />
    </div>
  );
}
