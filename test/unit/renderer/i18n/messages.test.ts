/** The UI strings: English defines every Swedish key. */
import { describe, expect, it } from 'vitest';
import { dictionaries, sv } from '../../../../renderer/i18n/messages';

describe('messages', () => {
  it('define every Swedish key in English too, with the same placeholders', () => {
    for (const key of Object.keys(sv) as Array<keyof typeof sv>) {
      expect(dictionaries.en[key], key).toBeTypeOf('string');
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(dictionaries.en[key]), key).toEqual(names(sv[key]));
    }
  });
});
