import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../electron/kernel/errors';
import { toIpcError } from '../../../electron/ipc/errors';

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
