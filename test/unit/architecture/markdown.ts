// What the documentation tests read in a Markdown file: its links and its headings' anchors, as
// GitHub renders them (a reader who follows a link lands on GitHub's page or in an editor), and
// the repository's text files that may name a path under docs/.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

/** Folders that hold no text of the project's own (built output, dependencies, scratch). */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-electron', 'release', 'coverage', 'test-results', '.tmp', '.git']);

/** Every file under `dir` (relative to the repository), its name matching `wanted`. */
export function filesUnder(dir: string, wanted: RegExp): string[] {
  const full = path.join(ROOT, dir);
  return readdirSync(full).flatMap((name) => {
    if (SKIPPED_DIRS.has(name)) return [];
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return filesUnder(relative, wanted);
    return wanted.test(name) ? [relative] : [];
  });
}

/** The text outside fenced code blocks and inline code spans, where a `[x](y)` is not a link. */
export function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the links and images of a Markdown text (`[text](target)`, `![alt](target)`). */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of proseOf(markdown).matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1] as string);
  }
  return targets;
}

/** Whether a link leaves the repository (a web address, mail) rather than naming one of its files. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown text's headings give, a repeated heading numbered as GitHub numbers it. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = anchorOf(match[1] as string);
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/**
 * The paths under docs/ that a text names (`docs/decisions/README.md`, `docs/bench/`), not those
 * inside a web address (`…/docs/latest/…`) and not patterns (`docs/*.png`, `docs/grid-{a,b}.png`,
 * a template's `docs/${name}`), which name no one file.
 */
export function docsPathsNamed(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(/(?<![\w./-])docs\/[\w./-]*/g)) {
    const next = text[(match.index ?? 0) + match[0].length] ?? '';
    if ('*{$…'.includes(next) && next !== '') continue;
    paths.push(match[0].replace(/[.,:;-]+$/, ''));
  }
  return paths;
}
