// The grid is every list's (docs/decisions/0008-every-list-is-one-description.md): nothing in
// renderer/features/grid/ imports a list's own folder (features/<id>/), so no list is its default
// and a new list's grid is a description, never a change here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourceIds } from '../../../electron/common/resources';

const GRID = path.resolve(__dirname, '../../../renderer/features/grid');

describe('the generic grid', () => {
  it("imports no list's own folder", () => {
    const offending: string[] = [];
    for (const name of readdirSync(GRID).filter((file) => /\.tsx?$/.test(file))) {
      const text = readFileSync(path.join(GRID, name), 'utf8');
      for (const match of text.matchAll(/from\s+'([^']+)'/g)) {
        const target = path.resolve(GRID, match[1] as string);
        const folder = path.relative(path.dirname(GRID), target).split(path.sep)[0];
        if (folder && (resourceIds as readonly string[]).includes(folder)) offending.push(`${name} -> ${match[1]}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
