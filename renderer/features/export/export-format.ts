/**
 * Which CSV format the export menu starts on. Until the user picks one, the language's: Excel
 * (svenskt) in Swedish, whose Excel opens a comma-separated file as one column a row, and Standard
 * in English. Once picked, that format, whatever the language: remembered in the window's
 * localStorage, a preference of this computer's window like the workspace's tab
 * (workspace/workspace-tab.ts), shared by every company and list.
 */
import { exportFormats, type ExportFormat } from '../../../electron/common/export';
import type { Language } from '../../../electron/common/settings';

const KEY = 'invoice-desk:export-format';

/** The language's format, unless the user has picked one. */
export function exportFormatFor(language: Language, picked: ExportFormat | null): ExportFormat {
  return picked ?? (language === 'sv' ? 'excel-sv' : 'standard');
}

/** The format the user picked, or null (never picked, or storage refused or holds something else). */
export function readPickedFormat(storage: Pick<Storage, 'getItem'> | undefined): ExportFormat | null {
  try {
    const value = storage?.getItem(KEY);
    return exportFormats.find((format) => format === value) ?? null;
  } catch {
    return null; // storage refused (private mode, a policy): the language's format
  }
}

export function writePickedFormat(storage: Pick<Storage, 'setItem'> | undefined, format: ExportFormat): void {
  try {
    storage?.setItem(KEY, format);
  } catch {
    // Not worth a message: the menu keeps the choice while it is open.
  }
}

export const windowStorage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);
