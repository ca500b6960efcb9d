import { describe, expect, it } from 'vitest';
import { ApiError, toApiErrorInfo } from '../../../electron/kernel/errors';
import { classifyResourceError, parseServiceErrorBody } from '../../../electron/kernel/service-errors';

describe('classifyResourceError', () => {
  it('reads ErrorInformation in both casings', () => {
    const lower = parseServiceErrorBody({ ErrorInformation: { error: 1, message: 'Ett ogiltigt filter har använts.', code: 2000587 } });
    const upper = parseServiceErrorBody({ ErrorInformation: { Error: 1, Message: 'Ett ogiltigt filter har använts.', Code: '2000587' } });
    expect(lower).toMatchObject({ code: 2000587, message: 'Ett ogiltigt filter har använts.' });
    expect(upper).toMatchObject({ code: 2000587, message: 'Ett ogiltigt filter har använts.' });
  });

  it('classifies the licence error by body whatever the status (400 and 401)', () => {
    for (const status of [400, 401, 403]) {
      for (const code of [2001103, 2001101]) {
        const error = classifyResourceError(status, { ErrorInformation: { Error: 1, Message: 'Resource owner does not have enough licenses', Code: code } });
        expect(error.kind).toBe('licence-missing');
        expect(error.remedy).toMatch(code === 2001101 ? /module/ : /marketplace/);
        expect(error.serviceCode).toBe(code);
      }
    }
    expect(classifyResourceError(401, { message: 'Resource owner does not have enough licenses' }).kind).toBe('licence-missing');
    expect(classifyResourceError(400, { error: 'error_missing_app_license' }).kind).toBe('licence-missing');
  });

  it('403 and code 2000663 mean scope-missing', () => {
    expect(classifyResourceError(403, { ErrorInformation: { error: 1, message: 'Saknar behörighet', code: 2000663 } }).kind).toBe('scope-missing');
    expect(classifyResourceError(403, undefined).kind).toBe('scope-missing');
    expect(classifyResourceError(400, { ErrorInformation: { code: 2000663 } }).kind).toBe('scope-missing');
  });

  it('a bare 401 is unauthorized; 429 rate-limited; 5xx unavailable and retryable', () => {
    const unauthorized = classifyResourceError(401, { message: 'unauthorized' });
    expect(unauthorized.kind).toBe('unauthorized');
    expect(classifyResourceError(429, { message: 'Too many requests' }).kind).toBe('rate-limited');
    const unavailable = classifyResourceError(503, undefined);
    expect(unavailable.kind).toBe('unavailable');
    expect(unavailable.retryable).toBe(true);
  });

  it('400 is bad-request carrying the service message and code', () => {
    const error = classifyResourceError(400, { ErrorInformation: { Error: 1, Message: 'Ett ogiltigt filter har använts.', Code: 2000587 } });
    expect(error.kind).toBe('bad-request');
    expect(error.retryable).toBe(false);
    expect(error.serviceMessage).toBe('Ett ogiltigt filter har använts.');
    expect(error.toInfo()).toMatchObject({ kind: 'bad-request', serviceCode: 2000587, serviceMessage: 'Ett ogiltigt filter har använts.' });
    expect(error.remedy).toContain('Ett ogiltigt filter har använts.');
  });

  it('toInfo is plain data; unknown errors are not forwarded', () => {
    const info = new ApiError('busy').toInfo();
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
    expect(Object.keys(info).sort()).toEqual(['kind', 'message', 'remedy', 'retryable']);
    const foreign = toApiErrorInfo(new Error('GET https://x/?access_token=secret failed'));
    expect(foreign.kind).toBe('unavailable');
    expect(JSON.stringify(foreign)).not.toContain('secret');
  });

  it('every kind has a remedy', () => {
    for (const kind of ['unauthorized', 'needs-reconnect', 'scope-missing', 'licence-missing', 'permission-missing', 'rate-limited', 'unavailable', 'bad-request', 'busy', 'cancelled'] as const) {
      expect(new ApiError(kind).remedy.length).toBeGreaterThan(10);
    }
  });
});
