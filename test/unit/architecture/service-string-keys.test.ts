// Every place the main process or the renderer makes a string into an object's key. A currency, a
// customer's number, any string a service sends may be "__proto__", "toString" or "constructor": as a
// key of a plain object it reaches Object.prototype (a write there pollutes every object of the
// process) or finds the prototype's function where a figure is expected. So a write `table[key] = …`
// (or `??=`, `+=`, `++`) and a test `key in table` whose key is a string of no fixed set
// goes to a table without a prototype (currencyTable, whose type CurrencyTable says so) or a Map.
// The writes whose keys are the app's own names are listed below, each with why. The TypeScript
// checker walks every source file (the sandbox excepted: it is the service, not fed by one), so a
// new table of service strings fails here until it is made safe.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const CURRENCY_TABLE = path.join(ROOT, 'electron/common/currency-table.ts');
const SANDBOX = path.join(ROOT, 'electron/sandbox') + path.sep;

/** Writes whose keys are the app's own names, never a service's string: file, the write's text, why. */
const OWN_NAMES: ReadonlyArray<{ file: string; write: string; why: string }> = [
  { file: 'electron/api/list-response.ts', write: 'clean[name]', why: "the names of the list's own fields (its item description), not the response's keys" },
  { file: 'electron/api/list-response.ts', write: 'report.byField[field]', why: "the names of the list's own fields that held an odd value" },
  { file: 'electron/common/lists/service-answers.ts', write: 'flagged[flag.field]', why: "the registry's flag fields" },
  { file: 'electron/mirror/storage/mirror-store.ts', write: 'stored[column.keepKnown.field]', why: "the registry's kept columns" },
  { file: 'electron/mirror/queries/queryable-resources.ts', write: 'sortExpressions[field.sort.field]', why: "the registry's sort fields" },
  { file: 'electron/mirror/queries/queryable-resources.ts', write: 'item[known.field]', why: "the registry's flag and kept fields" },
  { file: 'electron/mirror/queries/mirror-query.ts', write: 'params[key]', why: "the names of the list's own query keys (SQL parameters)" },
  { file: 'electron/digest/digest-handlers.ts', write: 'answer.lastSeq[company.id]', why: "the app's company ids ('live-user-<TenantId>')" },
  { file: 'electron/ipc/bridge.ts', write: 'group[method]', why: "the channel table's method names" },
  { file: 'electron/ipc/bridge.ts', write: 'api[namespace]', why: "the channel table's namespaces" },
  { file: 'renderer/features/grid/list-view-extras.ts', write: 'out[name]', why: "the registry's own view keys" },
  { file: 'renderer/features/grid/list-view-extras.ts', write: 'out[key.query.from]', why: "the registry's own query keys" },
  { file: 'renderer/features/grid/list-view-extras.ts', write: 'out[key.query.to]', why: "the registry's own query keys" },
  { file: 'renderer/features/grid/column-fit.ts', write: 'widths[id]', why: "the list's column ids" },
];

export interface KeyWrite {
  file: string;
  line: number;
  write: string;
}

/** A key that may be any string: `string`, a template with a string in it, `any`; not a union of literals. */
function openString(checker: ts.TypeChecker, type: ts.Type): boolean {
  const base = checker.getBaseConstraintOfType(type) ?? type;
  if (base.isUnion()) return base.types.some((t) => openString(checker, t));
  if (base.isIntersection()) return base.types.some((t) => openString(checker, t));
  return (base.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping | ts.TypeFlags.Any)) !== 0;
}

/** A table made by currencyTable: its type carries the mark declared in common/currency-table.ts. */
function prototypeFree(checker: ts.TypeChecker, type: ts.Type): boolean {
  return checker.getPropertiesOfType(checker.getNonNullableType(type)).some((p) => (p.declarations ?? []).some((d) => path.resolve(d.getSourceFile().fileName) === CURRENCY_TABLE));
}

function isWriteTarget(node: ts.Expression): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent)) [child, parent] = [parent, parent.parent];
  if (ts.isBinaryExpression(parent)) return parent.left === child && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
  // (A `delete` is no write: it removes an own property only, never one the object inherits.)
  return (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken);
}

/** Every write and `in` test of an open string key on an object that may have a prototype, in `files`. */
export function keyWrites(program: ts.Program, walk: (fileName: string) => boolean): KeyWrite[] {
  const checker = program.getTypeChecker();
  const found: KeyWrite[] = [];
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || !walk(path.resolve(source.fileName))) continue;
    const note = (node: ts.Node) => found.push({ file: path.relative(ROOT, source.fileName), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, write: node.getText() });
    const visit = (node: ts.Node): void => {
      if (ts.isElementAccessExpression(node) && isWriteTarget(node)) {
        const table = checker.getTypeAtLocation(node.expression);
        const anything = (table.flags & ts.TypeFlags.Any) !== 0;
        if (openString(checker, checker.getTypeAtLocation(node.argumentExpression)) && (anything || (!checker.isArrayLikeType(table) && !prototypeFree(checker, table)))) note(node);
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword) {
        if (openString(checker, checker.getTypeAtLocation(node.left)) && !prototypeFree(checker, checker.getTypeAtLocation(node.right))) note(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The tests' compiler options (Node and DOM: the main process and the renderer in one program). */
function options(): ts.CompilerOptions {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.test.json'), (file) => ts.sys.readFile(file));
  return ts.parseJsonConfigFileContent({ ...config.config, include: [] }, ts.sys, ROOT).options;
}

const FIXTURE = path.join(ROOT, 'test/unit/architecture/key-writes-fixture.ts');

/** What the walk must find, and must not: a file that is not on disk, beside the architecture tests. */
const FIXTURE_TEXT = `
  import { currencyTable, type CurrencyTable } from '../../../electron/common/currency-table';
  declare const currency: string;
  declare const kind: 'paid' | 'owed';
  declare const loose: any;
  const plain: Record<string, number> = {};
  plain[currency] = 1;
  plain[currency] ??= 1;
  (plain[currency]!) += 1;
  plain[currency]++;
  delete plain[currency];
  plain[\`\${currency} SEK\`] = 1;
  export const known = currency in plain;
  const group = { sums: {} as Record<string, number> };
  group.sums[currency] = 2;
  loose[currency] = 3;
  const safe = currencyTable<number>();
  safe[currency] = 1;
  safe[currency] ??= 1;
  export const there = currency in safe;
  plain[kind] = 1;
  export const read = plain[currency];
  new Map<string, number>().set(currency, 1);
  const list: number[] = [];
  list[Number(currency)] = 1;
  export function add(table: CurrencyTable<number>): void { table[currency] = (table[currency] ?? 0) + 1; }
`;

let built: ts.Program | undefined;

/** One program of every source file of electron/ and renderer/, and the fixture (built once: it takes seconds). */
function program(): ts.Program {
  if (built) return built;
  const parsed = ts.parseJsonConfigFileContent({ compilerOptions: {}, include: ['electron/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'] }, ts.sys, ROOT);
  const host = ts.createCompilerHost(options());
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) => (path.resolve(name) === FIXTURE ? ts.createSourceFile(name, FIXTURE_TEXT, language) : read(name, language, ...rest));
  host.fileExists = (name) => path.resolve(name) === FIXTURE || exists(name);
  built = ts.createProgram([...parsed.fileNames, FIXTURE], options(), host);
  return built;
}

describe('service strings as keys', () => {
  it('the walk finds writes of any string into a plain object, and not into a table without a prototype, a Map or by a fixed set of names', { timeout: 120_000 }, () => {
    const found = keyWrites(program(), (name) => name === FIXTURE);
    expect(found.map((w) => w.write)).toEqual([
      'plain[currency]',
      'plain[currency]',
      'plain[currency]',
      'plain[currency]',
      'plain[`${currency} SEK`]',
      'currency in plain',
      'group.sums[currency]',
      'loose[currency]',
    ]);
  });

  it('every such write in electron/ (the sandbox excepted) and renderer/ goes to a table without a prototype, or its keys are the app\'s own', { timeout: 120_000 }, () => {
    const found = keyWrites(program(), (name) => name !== FIXTURE && !name.startsWith(SANDBOX) && !name.includes(`${path.sep}node_modules${path.sep}`));
    const own = (w: KeyWrite) => OWN_NAMES.some((o) => o.file === w.file.split(path.sep).join('/') && o.write === w.write);
    expect(found.filter((w) => !own(w)).map((w) => `${w.file}:${w.line}: ${w.write}`)).toEqual([]);
    // The list holds nothing that is gone (a write removed or made safe leaves it).
    expect(OWN_NAMES.filter((o) => !found.some((w) => own(w) && w.write === o.write && w.file.split(path.sep).join('/') === o.file)).map((o) => `${o.file}: ${o.write}`)).toEqual([]);
    expect(found.length).toBeGreaterThanOrEqual(OWN_NAMES.length);
  });
});
