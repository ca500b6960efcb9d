/**
 * A feature's own words, kept beside it (a list tab's details panel and access notice) instead of
 * in sv.ts and en.ts, so a list added later brings its words with its folder: the same keys in
 * each language (a key missing in English is a type error), and a `t` over them that fills
 * {placeholders} as the app's own does.
 */
import { useCallback } from 'react';
import type { Language } from '../../electron/common/settings';
import { useLanguage } from './i18n';

export type OwnWords<K extends string> = { readonly [L in Language]: Readonly<Record<K, string>> };

/** The words of a feature from its Swedish record (its keys) and the English of every key. */
export function ownWords<const S extends Readonly<Record<string, string>>>(sv: S, en: Readonly<Record<keyof S, string>>): OwnWords<Extract<keyof S, string>> {
  return { sv, en } as OwnWords<Extract<keyof S, string>>;
}

/** `text` with each {name} replaced by its parameter. */
export function fill(text: string, params?: Record<string, string | number>): string {
  let out = text;
  for (const [name, value] of Object.entries(params ?? {})) out = out.replaceAll(`{${name}}`, String(value));
  return out;
}

/** t('key', { name: 'x' }) over a feature's own words, in the current language. */
export function useOwnT<K extends string>(words: OwnWords<K>): (key: K, params?: Record<string, string | number>) => string {
  const language = useLanguage();
  return useCallback((key: K, params?: Record<string, string | number>) => fill(words[language][key], params), [language, words]);
}
