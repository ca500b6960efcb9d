// toIpcError: what the window is told about a failure, and what only the log gets.
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../electron/kernel/errors';
import { toFileError } from '../../../electron/export/file-error';
import { toIpcError } from '../../../electron/ipc/errors';

const HOME = path.join(path.sep, 'home', 'alice', 'Documents');

/** An fs error as Node makes it: the full path in `path` and in the message. */
function nodeError(code: string, file: string): NodeJS.ErrnoException {
  const words: Record<string, string> = { EACCES: 'permission denied', ENOSPC: 'no space left on device', EISDIR: 'illegal operation on a directory' };
  return Object.assign(new Error(`${code}: ${words[code] ?? 'failed'}, open '${file}'`), { code, errno: -1, syscall: 'open', path: file });
}

function capture(error: unknown) {
  const logged: unknown[] = [];
  const ipc = toIpcError(error, (_message, e) => logged.push(e));
  return { ipc, logged };
}

describe('toIpcError', () => {
  it('a file error tells the window the file name only; the log gets the error with the full path and the OS words', () => {
    const target = path.join(HOME, 'fakturor 2026.csv');
    const cases: Array<[string, string]> = [
      ['EACCES', 'No permission to write fakturor 2026.csv.'],
      ['ENOSPC', 'The disk is full: fakturor 2026.csv could not be written.'],
      ['EISDIR', 'fakturor 2026.csv is a folder.'],
      ['ENOENT', 'The folder chosen for fakturor 2026.csv does not exist.'],
      ['EIO', 'Could not write fakturor 2026.csv (EIO).'],
    ];
    for (const [code, message] of cases) {
      const error = toFileError(nodeError(code, target), target, 'write');
      const { ipc, logged } = capture(error);
      expect(ipc).toMatchObject({ kind: 'file', message });
      expect(JSON.stringify(ipc)).not.toContain('alice');
      expect(logged).toEqual([error]);
      expect((logged[0] as Error).message).toContain(HOME);
      expect(((logged[0] as Error).cause as Error).message).toContain(`open '${target}'`);
    }
  });

  it('an error the window gets word for word is not logged; an unknown one is, and the window gets no detail', () => {
    expect(capture(new ApiError('rate-limited', { message: 'Waiting.' })).logged).toEqual([]);
    expect(capture(new ApiError('bad-request', { message: 'No.' })).logged).toEqual([]);
    const raw = nodeError('EACCES', path.join(HOME, 'x.csv'));
    const { ipc, logged } = capture(raw);
    expect(ipc.kind).toBe('internal');
    expect(JSON.stringify(ipc)).not.toContain('alice');
    expect(logged).toEqual([raw]);
  });
});

describe('errors across IPC', () => {
  it("keeps an ApiError's kind, message, remedy and the service's own words, and nothing else", () => {
    const error = new ApiError('licence-missing', { message: 'No licence.', remedy: 'Activate it.', serviceMessage: 'Api-licens saknas.', serviceCode: 2001103, cause: new Error('token abc') });
    const log = vi.fn();
    expect(toIpcError(error, log)).toEqual({ kind: 'licence-missing', message: 'No licence.', remedy: 'Activate it.', serviceMessage: 'Api-licens saknas.' });
    expect(log).not.toHaveBeenCalled();
  });

  it("keeps the kind of the app's other errors (anything with toInfo, such as a file error)", () => {
    const fileError = { toInfo: () => ({ kind: 'file', message: 'report.csv could not be written.', remedy: 'Choose another folder.', retryable: true }) };
    expect(toIpcError(fileError, vi.fn())).toEqual({ kind: 'file', message: 'report.csv could not be written.', remedy: 'Choose another folder.' });
  });

  it('turns anything else into internal, logs it, and never sends its message', () => {
    const log = vi.fn();
    const error = new Error('Bearer eyJ-secret');
    const shown = toIpcError(error, log);
    expect(shown).toEqual({ kind: 'internal', message: 'Something went wrong in Invoice Desk. The details are in the log.' });
    expect(log).toHaveBeenCalledWith('IPC handler failed', error);
    expect(toIpcError('a string', log).kind).toBe('internal');
    expect(toIpcError(null, log).kind).toBe('internal');
  });
});
