// The README's commands work as written: every command of its shell blocks is one that CI runs
// (.ci/readme-commands on the machine's own Node, or .ci/run), and every benchmark its speed table
// names is one `npm run bench -- --only` knows, so a reader who copies a line gets a run, not
// "no scenario named".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, ROOT } from './markdown';

const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The commands of a Markdown text's ```sh blocks: comments, blank lines and assignments left out. */
export function shellCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)) {
    for (const line of (block[1] as string).split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command === '' || command.startsWith('#') || /^\w+=("[^"]*"|'[^']*'|\$\([^)]*\)|\S*)$/.test(command)) continue;
      commands.push(command);
    }
  }
  return commands;
}

/**
 * Commands CI runs in a form of its own, each with the line that shows it does: the README's
 * `npm install` is CI's `npm ci` of the same lockfile, `npm start` is run where Electron cannot be
 * downloaded (its advice checked), and `npm test` is CI's own test step.
 */
const RUN_IN_A_FORM_OF_THEIR_OWN: Record<string, { file: string; line: string }> = {
  'npm install': { file: '.ci/run', line: 'npm ci --no-audit --no-fund' },
  'npm start': { file: '.ci/readme-commands', line: 'for command in "start" "run dist"' },
  'npm test': { file: '.ci/run', line: 'npm test 2>&1' },
};

/** Whether CI runs a README command: as written, its temporary folder `$out` being CI's `$work`. */
function runByCi(command: string, ciScripts: string): boolean {
  const own = RUN_IN_A_FORM_OF_THEIR_OWN[command];
  if (own) return read(own.file).includes(own.line);
  return ciScripts.includes(command.replaceAll('$out', '$work'));
}

/** Every line name the bench prints and every scenario name, as its scenarios declare them. */
function benchNames(): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder('test/bench/scenarios', /\.ts$/)) {
    const source = read(file);
    for (const match of source.matchAll(/\bname: '([a-z0-9-]+)'/g)) names.add(match[1] as string);
    for (const match of source.matchAll(/\blines: \[([^\]]*)\]/g)) for (const line of (match[1] as string).matchAll(/'([a-z0-9-]+)'/g)) names.add(line[1] as string);
  }
  return names;
}

/** Where the README names benchmarks: its Speed section, and any line that runs `npm run bench`. */
function benchCommands(readme: string): string[] {
  const speed = /^## Speed\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  return [speed, ...readme.split('\n').filter((line) => line.includes('npm run bench'))];
}

describe('the README\'s commands', () => {
  it('reads the shell blocks\' commands, not their comments or assignments', () => {
    const text = 'x\n```sh\nnpm install\nout=$(mktemp -d)\n# a comment\nnpm run -s export -- --out "$out/a.csv"   # why\nE2E_DRIVER=electron npm run test:e2e\n```\n`npm run lint`\n';
    expect(shellCommands(text)).toEqual(['npm install', 'npm run -s export -- --out "$out/a.csv"', 'E2E_DRIVER=electron npm run test:e2e']);
    expect(runByCi('npm run -s nothing -- --at-all', 'npm run -s export')).toBe(false);
  });

  it('are each run by CI as written', () => {
    const commands = shellCommands(read('README.md'));
    expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test', 'npm run -s sandbox -- --env']));
    const ciScripts = read('.ci/readme-commands') + read('.ci/run');
    expect(commands.filter((command) => !runByCi(command, ciScripts))).toEqual([]);
  });

  it('name only benchmarks the bench has', () => {
    const known = benchNames();
    expect([...known]).toEqual(expect.arrayContaining(['client-bulk-read', 'mirror-query', 'firm-desk', 'firm-start']));
    const named = benchCommands(read('README.md')).flatMap((text) => [...text.matchAll(/--only ([a-z0-9,-]+)/g)].flatMap((match) => (match[1] as string).split(',')));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
