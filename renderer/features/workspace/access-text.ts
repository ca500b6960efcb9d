/**
 * What a list's access notice says (ListSide.tsx), by the error's kind: the list's own words (its
 * tab's, list-tabs.ts), each of `scope-missing.title`, `.body`, `.serviceAccount`,
 * `licence-missing.*`, `permission-missing.*`, `other.title` and `approve`. Pure: unit-tested.
 */
import type { IpcError } from '../../../electron/ipc/contract';
import type { OwnWords } from '../../i18n/own-words';

/** The words of a notice. */
export type NoticeKey = 'scope-missing.title' | 'scope-missing.body' | 'scope-missing.serviceAccount' | 'licence-missing.title' | 'licence-missing.body' | 'permission-missing.title' | 'permission-missing.body' | 'other.title' | 'approve';

/** A tab's access words in each language: a type error until every one is written. */
export type AccessWords = OwnWords<NoticeKey>;

export function accessNoticeText(error: Pick<IpcError, 'kind'>, serviceAccount: boolean): { title: NoticeKey; body: NoticeKey | null; approve: boolean } {
  switch (error.kind) {
    case 'scope-missing':
      return serviceAccount ? { title: 'scope-missing.title', body: 'scope-missing.serviceAccount', approve: false } : { title: 'scope-missing.title', body: 'scope-missing.body', approve: true };
    case 'licence-missing':
      return { title: 'licence-missing.title', body: 'licence-missing.body', approve: false };
    case 'permission-missing':
      return { title: 'permission-missing.title', body: 'permission-missing.body', approve: false };
    default:
      return { title: 'other.title', body: null, approve: false };
  }
}
