/** The UI's `t` without React, for the pure wording functions. */
import { dictionaries, type Language, type MessageKey } from '../../../../../renderer/i18n/messages';

export function tOf(language: Language) {
  return (key: MessageKey, params?: Record<string, string | number>): string => {
    let text: string = dictionaries[language][key];
    for (const [name, value] of Object.entries(params ?? {})) text = text.replaceAll(`{${name}}`, String(value));
    return text;
  };
}
