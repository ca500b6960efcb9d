/**
 * What a list's access notice says (ListSide.tsx), by the error's kind: the list's own words under
 * its prefix (`supplier.access`, `customers.access`), each with `.scope-missing.title`, `.body`,
 * `.serviceAccount`, `.licence-missing.*`, `.permission-missing.*`, `.other.title` and `.approve`.
 * Pure: unit-tested.
 */
import type { IpcError } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';

export type AccessPrefix = 'supplier.access' | 'customers.access';

export function accessNoticeText(error: Pick<IpcError, 'kind'>, serviceAccount: boolean, prefix: AccessPrefix): { title: MessageKey; body: MessageKey | null; approve: boolean } {
  const key = (rest: string) => `${prefix}.${rest}` as MessageKey;
  switch (error.kind) {
    case 'scope-missing':
      return serviceAccount
        ? { title: key('scope-missing.title'), body: key('scope-missing.serviceAccount'), approve: false }
        : { title: key('scope-missing.title'), body: key('scope-missing.body'), approve: true };
    case 'licence-missing':
      return { title: key('licence-missing.title'), body: key('licence-missing.body'), approve: false };
    case 'permission-missing':
      return { title: key('permission-missing.title'), body: key('permission-missing.body'), approve: false };
    default:
      return { title: key('other.title'), body: null, approve: false };
  }
}
