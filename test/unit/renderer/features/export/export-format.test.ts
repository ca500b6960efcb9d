/** The export menu's format: the language's (Excel (svenskt) in Swedish, Standard in English) until the user picks one. */
import { describe, expect, it } from 'vitest';
import { exportFormatFor, readPickedFormat, writePickedFormat } from '../../../../../renderer/features/export/export-format';
import { memoryStorage as memory, refusingStorage as refusing } from '../../storage-stubs';


describe('the export format', () => {
  it('follows the language while the user has not picked one', () => {
    expect(exportFormatFor('sv', null)).toBe('excel-sv');
    expect(exportFormatFor('en', null)).toBe('standard');
  });

  it('keeps the user\'s pick whatever the language', () => {
    expect(exportFormatFor('sv', 'standard')).toBe('standard');
    expect(exportFormatFor('en', 'excel-sv')).toBe('excel-sv');
  });

  it('remembers a pick, and reads nothing picked from empty, foreign or refusing storage', () => {
    const storage = memory();
    expect(readPickedFormat(storage)).toBeNull();
    writePickedFormat(storage, 'standard');
    expect(readPickedFormat(storage)).toBe('standard');
    expect(exportFormatFor('sv', readPickedFormat(storage))).toBe('standard');
    storage.setItem('invoice-desk:export-format', 'xlsx');
    expect(readPickedFormat(storage)).toBeNull();
    expect(readPickedFormat(refusing)).toBeNull();
    expect(() => writePickedFormat(refusing, 'excel-sv')).not.toThrow();
    expect(readPickedFormat(undefined)).toBeNull();
  });
});
