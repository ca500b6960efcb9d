// The documents that tell an owner what the consent asks for name exactly what the app asks for
// (the scans' scopes included, the setting being on by default): a list added to the registry, or
// a scope dropped, shows here until the README and docs/ say it too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestedScopes } from '../../../electron/auth/scopes';
import { ROOT } from './markdown';

/** Where each document lists the scopes: the text from `start` up to the end of its paragraph or list item. */
const PLACES = [
  { file: 'README.md', start: 'The consent page asks for the scopes' },
  { file: 'docs/security.md', start: 'so the app asks for the scopes it shows' },
  { file: 'docs/service.md', start: 'The app asks for' },
];

/** The scopes named in code spans (`invoice`) from `start` to the next blank line or list item (a scope said twice, twice). */
export function scopesNamed(markdown: string, start: string): string[] {
  const from = markdown.indexOf(start);
  if (from < 0) return [];
  const text = markdown.slice(from).split(/\n\s*\n|\n\s*- /, 1)[0] as string;
  return [...text.matchAll(/`([a-z]+)`/g)].map((match) => match[1] as string);
}

describe('the scopes the documents name', () => {
  it('are read from a passage (the check itself)', () => {
    expect(scopesNamed('x\nIt asks for `a`, `b`\nand `c` (`/3/`).\n- `d`\n', 'It asks for')).toEqual(['a', 'b', 'c']);
  });

  for (const { file, start } of PLACES) {
    it(`${file}: exactly the scopes a new connection asks for`, () => {
      const named = scopesNamed(readFileSync(path.join(ROOT, file), 'utf8'), start);
      expect([...new Set(named)].toSorted()).toEqual(requestedScopes(true).toSorted());
    });
  }
});
