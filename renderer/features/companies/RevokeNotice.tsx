import type { DisconnectResult } from '../../../electron/ipc/contract';
import { useT } from '../../i18n/i18n';

export type RevokeWarning = NonNullable<DisconnectResult['revokeWarning']>;

/**
 * After a disconnect whose access could not be revoked at the service: the company is gone here,
 * but the service may still list the integration, which only the user can remove there. Stays
 * until dismissed, since the company it names is no longer on screen.
 */
export function RevokeNotice({ warning, onDismiss }: { warning: RevokeWarning; onDismiss: () => void }) {
  const t = useT();
  return (
    <div className="banner banner-warning" role="alert" data-testid="revoke-warning">
      <div>
        <strong>{t('company.revokeWarning.title', { name: warning.companyName })}</strong>
        <div className="banner-remedy">{t(`company.revokeWarning.${warning.reason}`)}</div>
      </div>
      <button type="button" onClick={onDismiss}>
        {t('company.revokeWarning.dismiss')}
      </button>
    </div>
  );
}
