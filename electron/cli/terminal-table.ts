/** Money and padded tables for the CLI's text output (report, statement): every cell made terminal-safe. */
import { terminalSafe } from './terminal-text';

export const money = (value: number): string => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Columns padded to their widest cell. Every cell is made terminal-safe first: names are the service's. */
export function table(cells: string[][], right: number[]): string {
  const rows = cells.map((row) => row.map(terminalSafe));
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, i) => (right.includes(i) ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number))).join('  ').trimEnd()).join('\n');
}
