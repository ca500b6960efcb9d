/** UI strings in Swedish (sv.ts) and English (en.ts). Keys are shared; English must define every Swedish key. */
import type { Language } from '../../electron/common/settings';
import { en } from './en';
import { sv, type MessageKey } from './sv';

export { en, sv, type Language, type MessageKey };

export const dictionaries: Record<Language, Record<MessageKey, string>> = { sv, en };
