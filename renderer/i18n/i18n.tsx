import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { dictionaries, type Language, type MessageKey } from './messages';

const LanguageContext = createContext<Language>('sv');

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  // Screen readers pronounce by the document's language: keep <html lang> in step with the UI.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** t('key', { name: 'x' }) replaces {name} in the message of the current language. */
export function useT() {
  const language = useLanguage();
  return useCallback(
    (key: MessageKey, params?: Record<string, string | number>) => {
      let text: string = dictionaries[language][key];
      for (const [name, value] of Object.entries(params ?? {})) text = text.replaceAll(`{${name}}`, String(value));
      return text;
    },
    [language],
  );
}
