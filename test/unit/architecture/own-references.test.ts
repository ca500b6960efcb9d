// The reasons the code gives can be checked from a clone: no file cites a document that is not in
// the repository (the service's facts and rules are docs/service.md, cited by section; the design
// is docs/architecture.md), and no source, test or CI script names an issue number, since a
// comment says why the code is as it is and git log and docs/decisions/ keep how it got there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, ROOT } from './markdown';

/**
 * Citations of documents a clone does not have: the service's facts and the design notes that
 * lived beside the repository, its published description by file name or section number. Each
 * pattern is spelt so that it does not match its own source.
 */
const OUTSIDE_DOCUMENTS: readonly RegExp[] = [/api-fact[s]/gi, /DESIG[N]\.md/g, /\.\.\/share[d]\b/g, /\bshared\/seed[s]\b/g, /\bseed[s]\/\d{3}_/g, /\bseed(?:'s)? \d+\.\d+/gi];

/** An issue's number, alone, in a list or hyphenated (the examples below), spelt so as not to match itself. */
const ISSUE_NUMBER = /\b[Ii]ssues?[ -]#?\d+/g;

/** Where an issue number must not appear: the code, its tests and the CI scripts. */
const ISSUE_FREE_DIRS = ['electron', 'renderer', 'test', '.ci'];

/** Files that are not the project's text: pictures, compressed and database fixtures, the lockfile. */
const NOT_TEXT = /\.(png|jpe?g|gif|ico|pdf|tiff?|gz|sqlite|zip|log)$|^package-lock\.json$/;

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** Every match of the patterns in a text, as `line: match`. */
function matchesIn(text: string, patterns: readonly RegExp[]): string[] {
  return text.split('\n').flatMap((line, index) => patterns.flatMap((pattern) => [...line.matchAll(pattern)].map((match) => `${index + 1}: ${match[0]}`)));
}

const outsideCitations = (text: string): string[] => matchesIn(text, OUTSIDE_DOCUMENTS);
const issueNumbers = (text: string): string[] => matchesIn(text, [ISSUE_NUMBER]);

/** The repository's text files (built output, dependencies and scratch folders left out). */
function textFiles(): string[] {
  return filesUnder('.', /./).filter((file) => !NOT_TEXT.test(path.basename(file)));
}

describe('the checks themselves', () => {
  // Assembled here, since this file is checked too: it cites nothing and names no issue.
  const facts = ['api', 'facts'].join('-');
  const issue = 'issue';

  it('find a citation of a document outside the repository, and leave the repository\'s own alone', () => {
    expect(outsideCitations(`a fact (${facts} "OAuth")\nthe rule (${'seed'} 8.6)`)).toEqual([`1: ${facts}`, `2: ${'seed'} 8.6`]);
    for (const cited of [`see ${'DESIGN'}.md`, `../${'shared'}/x.md`, `shared/${'seeds'}/000_x.txt`, `${'seeds'}/000_x.txt`, `the ${'seed'}'s 8.3`]) {
      expect(outsideCitations(cited), cited).not.toEqual([]);
    }
    const own = "docs/service.md, Incremental reading; docs/architecture.md; startSandbox({ seed: 'x' }); the seed of the demo data";
    expect(outsideCitations(own)).toEqual([]);
  });

  it('find an issue number, not the word', () => {
    expect(issueNumbers(`(${issue} 39)\n${issue}s 17 and 22, the ${issue}-23 payloads, ${'Issue'} 5`)).toEqual([`1: ${issue} 39`, `2: ${issue}s 17`, `2: ${issue}-23`, `2: ${'Issue'} 5`]);
    expect(issueNumbers("parsed.error?.issues[0]?.path; the first issue's path; issue: none")).toEqual([]);
  });
});

describe('the repository', () => {
  it('cites no document outside it', () => {
    const files = textFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'eslint.config.js', 'electron/sandbox/README.md', 'docs/service.md', '.ci/run', 'test/unit/architecture/own-references.test.ts']));
    const found = files.flatMap((file) => outsideCitations(read(file)).map((match) => `${file}:${match}`));
    expect(found).toEqual([]);
  });

  it('names no issue number in its code, tests and CI scripts', () => {
    const files = ISSUE_FREE_DIRS.flatMap((dir) => filesUnder(dir, /./)).filter((file) => !NOT_TEXT.test(path.basename(file)));
    expect(files).toEqual(expect.arrayContaining(['electron/mirror/access/mirror-pool.ts', 'renderer/features/firm/firm-rows.ts', 'test/e2e/firm.test.ts', '.ci/run']));
    const found = files.flatMap((file) => issueNumbers(read(file)).map((match) => `${file}:${match}`));
    expect(found).toEqual([]);
  });
});
