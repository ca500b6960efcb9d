/** UI strings in Swedish (sv.ts) and English (en.ts). Keys are shared; English must define every Swedish key. */
import { en } from './en';
import { sv, type MessageKey } from './sv';

export { en, sv, type MessageKey };

export type Language = 'sv' | 'en';
export const dictionaries: Record<Language, Record<MessageKey, string>> = { sv, en };
