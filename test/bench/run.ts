// npm run bench [-- --json] [-- --only name[,name]] [-- --invoices N] [-- --companies N]
// Runs the scenarios of test/bench/scenarios against fresh sandboxes (latency 50-400 ms, transit
// 0-50 ms). With --json: one JSON object per line per scenario result. Otherwise a table.
// Figures, not pass/fail: the exit code is 0 unless a scenario crashed.
import { withSandboxes, type FigureLine, type ScenarioResult } from './lib';
import { scenarios } from './scenarios/index';
import { lineWanted, selectScenarios } from './select';

function parseArgs(argv: string[]): { json: boolean; only?: string[]; invoices?: number; companies?: number } {
  const json = argv.includes('--json');
  const onlyIndex = argv.indexOf('--only');
  const onlyValue = onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined;
  const sizeIndex = argv.indexOf('--invoices');
  const size = sizeIndex >= 0 ? argv[sizeIndex + 1] : undefined;
  // The mirror scenarios' company size (customer invoices; supplier invoices in the demo's proportion).
  if (sizeIndex >= 0 && !(size !== undefined && /^\d{1,7}$/.test(size) && Number(size) >= 1000)) throw new Error(`--invoices takes a whole number from 1000, not ${size ?? 'nothing'}`);
  const companiesIndex = argv.indexOf('--companies');
  const companies = companiesIndex >= 0 ? argv[companiesIndex + 1] : undefined;
  if (companiesIndex >= 0 && !(companies !== undefined && /^\d{1,4}$/.test(companies) && Number(companies) >= 1 && Number(companies) <= 2000)) throw new Error(`--companies takes a whole number from 1 to 2000, not ${companies ?? 'nothing'}`);
  return { json, ...(onlyValue ? { only: onlyValue.split(',') } : {}), ...(size !== undefined ? { invoices: Number(size) } : {}), ...(companies !== undefined ? { companies: Number(companies) } : {}) };
}

function table(results: Array<ScenarioResult | FigureLine>): string {
  const columns: string[] = [];
  for (const result of results) for (const key of Object.keys(result)) if (!columns.includes(key)) columns.push(key);
  const cells = results.map((r) => columns.map((c) => (r[c] === undefined ? '' : String(r[c]))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => (row[i] as string).length)));
  const line = (values: string[]): string => values.map((v, i) => v.padEnd(widths[i] as number)).join('  ');
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // --only takes a scenario's name, or a line's name within it (mirror-query runs the mirror
  // scenario and prints the mirror-query line alone).
  const selected = selectScenarios(scenarios, args.only);
  if (selected.length === 0) throw new Error(`no scenario named ${args.only?.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`);
  const log = (message: string): void => {
    process.stderr.write(`${message}\n`);
  };
  const results: Array<ScenarioResult | FigureLine> = [];
  const produced = new Set<string>();
  for (const scenario of selected) {
    log(`${scenario.name}: ${scenario.description}`);
    const lines = await withSandboxes((context) => scenario.run(context), log, args.invoices, args.companies);
    for (const result of lines) {
      produced.add(result.name);
      if (!lineWanted(result.name, scenario.name, args.only)) continue;
      results.push(result);
      // `scenario` names the line for the tools that read it; `name` is the same (older readers).
      if (args.json) process.stdout.write(`${JSON.stringify({ scenario: result.name, ...result })}\n`);
    }
  }
  if (!args.json) process.stdout.write(`${table(results)}\n`);
  const unknown = (args.only ?? []).filter((name) => !produced.has(name) && !scenarios.some((s) => s.name === name));
  if (unknown.length > 0) throw new Error(`no line named ${unknown.join(', ')}; the lines: ${[...produced].join(', ')}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
