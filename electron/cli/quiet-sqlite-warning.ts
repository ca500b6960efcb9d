/**
 * Node before 24 prints "ExperimentalWarning: SQLite is an experimental feature" on stderr of every
 * run that opens the local copy: noise in every cron mail of `export --mirror` and `report`. This
 * drops that one warning (every other warning still shows). It must run before node:sqlite loads,
 * so the CLI's entry files import it first and load the rest dynamically.
 */
export function isSqliteExperimentalWarning(warning: string | Error, typeOrOptions?: unknown): boolean {
  const type = typeof typeOrOptions === 'string' ? typeOrOptions : typeof warning === 'string' ? (typeOrOptions as { type?: string } | undefined)?.type : warning.name;
  const text = typeof warning === 'string' ? warning : warning.message;
  return type === 'ExperimentalWarning' && /\bSQLite\b/i.test(text);
}

const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  if (isSqliteExperimentalWarning(warning, rest[0])) return;
  emitWarning(warning, ...rest);
}) as typeof process.emitWarning;
