/**
 * What a list's access notice says (ListSide.tsx), by the error's kind: the list's own words under
 * its prefix (its tab's, list-tabs.ts), each with `.scope-missing.title`, `.body`,
 * `.serviceAccount`, `.licence-missing.*`, `.permission-missing.*`, `.other.title` and `.approve`.
 * Pure: unit-tested.
 */
import type { IpcError } from '../../../electron/ipc/contract';
import type { MessageKey } from '../../i18n/messages';

/** The words of a notice, under its prefix. */
type NoticeKey = 'scope-missing.title' | 'scope-missing.body' | 'scope-missing.serviceAccount' | 'licence-missing.title' | 'licence-missing.body' | 'permission-missing.title' | 'permission-missing.body' | 'other.title' | 'approve';

/** A prefix the messages have every word of a notice under: a tab's access words are a type error until they are all written. */
export type AccessPrefix = { [K in MessageKey]: K extends `${infer P}.access.approve` ? (`${P}.access.${NoticeKey}` extends MessageKey ? `${P}.access` : never) : never }[MessageKey];

export function accessNoticeText(error: Pick<IpcError, 'kind'>, serviceAccount: boolean, prefix: AccessPrefix): { title: MessageKey; body: MessageKey | null; approve: boolean } {
  const key = (rest: NoticeKey): MessageKey => `${prefix}.${rest}`;
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
