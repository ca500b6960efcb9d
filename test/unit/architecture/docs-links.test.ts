// The documentation a clone holds is whole: the project's own design, service facts and security
// notes are there, every relative link of the READMEs and docs/ leads to a file of the repository
// (and to a heading of it, when it names one), and every path under docs/ that a source file, a
// test or a document names exists. A reader who follows a reference never meets a file that only
// lived beside the repository.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, docsPathsNamed, filesUnder, isExternal, linkTargets, ROOT } from './markdown';

/** The documents the project explains itself in. */
const OWN_DOCUMENTS = ['docs/architecture.md', 'docs/service.md', 'docs/security.md', 'docs/decisions/README.md', 'docs/bench/README.md'];

/** This file: its examples of broken references are the checks' own tests. */
const SELF = path.relative(ROOT, __filename);

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

function markdownFiles(): string[] {
  return ['README.md', ...filesUnder('electron', /^README\.md$/), ...filesUnder('docs', /\.md$/)];
}

/** A link's problem, or null when it leads to a file (and its heading) of the repository. */
function brokenLink(from: string, target: string): string | null {
  if (isExternal(target)) return null;
  const [file = '', fragment] = target.split('#', 2);
  const resolved = file === '' ? from : path.normalize(path.join(path.dirname(from), decodeURI(file)));
  if (resolved.startsWith('..')) return `${from}: ${target} leaves the repository`;
  if (!existsSync(path.join(ROOT, resolved))) return `${from}: ${target} (no ${resolved})`;
  if (fragment !== undefined && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(fragment)) {
    return `${from}: ${target} (no heading #${fragment} in ${resolved})`;
  }
  return null;
}

/** Text files that may name a path under docs/: sources, tests, scripts, documents, configuration. */
function namingFiles(): string[] {
  const text = /\.(ts|tsx|cjs|js|mjs|md|sh|yml|json|css|html)$/;
  return [
    ...['README.md', 'eslint.config.js', 'eslint.layers.js', 'eslint.layer-rule.js', 'package.json', 'vite.config.ts', 'vitest.config.ts', 'electron-builder.yml'],
    ...['electron', 'renderer', 'test', '.ci'].flatMap((dir) => filesUnder(dir, /./).filter((file) => dir === '.ci' || text.test(file))),
    ...filesUnder('docs', /\.(md|sh)$/),
  ].filter((file) => file !== SELF);
}

describe('the checks themselves', () => {
  it('find a link to a missing file or heading, and leave web addresses and code alone', () => {
    const text = '[a](docs/missing.md) ![b](pic.png "t") [c](https://x.example/y) `[d](e.md)` [f](#top)\n\n```sh\n[g](h.md)\n```\n';
    expect(linkTargets(text)).toEqual(['docs/missing.md', 'pic.png', 'https://x.example/y', '#top']);
    expect(brokenLink('README.md', 'docs/missing.md')).toMatch(/no docs\/missing\.md/);
    expect(brokenLink('README.md', 'https://x.example/y')).toBeNull();
    expect(brokenLink('docs/service.md', '../README.md')).toBeNull();
    expect(brokenLink('docs/service.md', '../../x.md')).toMatch(/leaves the repository/);
  });

  it('give headings the anchors GitHub gives them', () => {
    const anchors = anchorsOf('# Security\n## On 429\n### Supplier invoices (`--resource supplierinvoices`)\n## Rate limits\n## Rate limits\n```\n# not a heading\n```\n');
    expect([...anchors]).toEqual(['security', 'on-429', 'supplier-invoices---resource-supplierinvoices', 'rate-limits', 'rate-limits-1']);
  });

  it('find paths under docs/, not web addresses or patterns', () => {
    const text = "see docs/decisions/0002-x.md, docs/bench/. and https://example.org/docs/latest/api; docs/*.png docs/grid-{a,b}.png `docs/${name}.png`";
    expect(docsPathsNamed(text)).toEqual(['docs/decisions/0002-x.md', 'docs/bench/']);
  });
});

describe('the documentation', () => {
  it('holds the project\'s own design, service facts, security notes, decisions and benchmark notes', () => {
    expect(OWN_DOCUMENTS.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
    expect(filesUnder('docs/decisions', /^\d{4}-[a-z0-9-]+\.md$/).length).toBeGreaterThanOrEqual(5);
  });

  it('has a README of at most 400 lines and decision records of at most 120', () => {
    const lines = (file: string) => read(file).split('\n').length - 1;
    expect(lines('README.md')).toBeLessThanOrEqual(400);
    const long = filesUnder('docs/decisions', /^\d{4}-.*\.md$/).filter((file) => lines(file) > 120);
    expect(long).toEqual([]);
  });

  it('links only to files of the repository, and to headings they have', () => {
    const files = markdownFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'electron/cli/README.md', 'docs/architecture.md']));
    const broken = files.flatMap((file) => linkTargets(read(file)).map((target) => brokenLink(file, target))).filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('names no path under docs/ that does not exist', () => {
    const files = namingFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'electron/api/rate-limiter.ts', 'renderer/features/workspace/workspace-tab.ts', '.ci/readme-commands']));
    const missing = files.flatMap((file) =>
      docsPathsNamed(read(file))
        .filter((named) => !existsSync(path.join(ROOT, named)))
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});
