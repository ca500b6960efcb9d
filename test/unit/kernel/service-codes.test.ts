import { describe, expect, it } from 'vitest';
import { ApiError, REMEDIES } from '../../../electron/kernel/errors';
import { classifyResourceError } from '../../../electron/kernel/service-errors';

const info = (code: number, message: string, capitalised = false) =>
  capitalised ? { ErrorInformation: { Error: 1, Message: message, Code: code } } : { ErrorInformation: { error: 1, message, code } };

describe('classification by the service code, whatever the status', () => {
  it.each([401, 403, 400])('2000311 and 2000310 with HTTP %i are unauthorized (one refresh, then final)', (status) => {
    expect(classifyResourceError(status, info(2000311, 'Invalid login')).kind).toBe('unauthorized');
    expect(classifyResourceError(status, info(2000310, 'Invalid login', true)).kind).toBe('unauthorized');
  });

  it.each([400, 403])('2000663 with HTTP %i is scope-missing', (status) => {
    const error = classifyResourceError(status, info(2000663, 'Har inte behörighet för scope.'));
    expect(error.kind).toBe('scope-missing');
    expect(error.serviceMessage).toBe('Har inte behörighet för scope.');
  });

  it('2001339 is permission-missing: its own remedy (a permission in the service), never a reconnect', () => {
    const error = classifyResourceError(403, info(2001339, 'Saknar behörighet att lista fakturor.'));
    expect(error.kind).toBe('permission-missing');
    expect(error.retryable).toBe(false);
    expect(error.remedy).toBe(REMEDIES['permission-missing']);
    expect(error.remedy).toMatch(/permission/);
    expect(error.remedy).toMatch(/Reconnecting does not fix this/);
    expect(classifyResourceError(400, info(2001339, 'x')).kind).toBe('permission-missing');
  });

  it('2001103 (no licence for the integration) and 2001101 (the module licence) differ in message and remedy', () => {
    const api = classifyResourceError(400, info(2001103, 'Api-licens saknas.', true));
    const module = classifyResourceError(401, info(2001101, 'Saknar licens för modulen.'));
    expect(api.kind).toBe('licence-missing');
    expect(module.kind).toBe('licence-missing');
    expect(module.reason).toBe('module-licence');
    expect(api.reason).toBeUndefined();
    expect(module.message).not.toBe(api.message);
    expect(module.remedy).not.toBe(api.remedy);
    expect(module.remedy).toMatch(/module/);
    // The service's own Swedish words reach the info the window gets.
    expect(api.toInfo().serviceMessage).toBe('Api-licens saknas.');
    expect(module.toInfo()).toMatchObject({ reason: 'module-licence', serviceMessage: 'Saknar licens för modulen.' });
  });

  it('a 5xx with an empty body names the empty answer; with a web page names the proxy; never "change the filter"', () => {
    const empty = classifyResourceError(500, undefined, { text: '' });
    expect(empty).toMatchObject({ kind: 'unavailable', retryable: true, reason: 'empty-answer' });
    expect(empty.message).toMatch(/empty answer/);
    const html = classifyResourceError(502, undefined, { text: '<html><body><h1>502 Bad Gateway</h1></body></html>' });
    expect(html).toMatchObject({ kind: 'unavailable', retryable: true, reason: 'html-page' });
    expect(html.message).toMatch(/web page/);
    for (const error of [empty, html]) expect(`${error.message} ${error.remedy}`).not.toMatch(/filter/i);
  });

  it('a 404 without a service code is a wrong API address; one ending in /3 is named', () => {
    const wrong = classifyResourceError(404, undefined, { text: '<!DOCTYPE html><html>Not Found</html>', apiUrl: 'https://api.example/elsewhere' });
    expect(wrong).toMatchObject({ kind: 'unavailable', retryable: false, reason: 'wrong-api-address' });
    expect(wrong.remedy).toMatch(/API address/);
    const ends3 = classifyResourceError(404, { message: 'Not Found' }, { text: '{"message":"Not Found"}', apiUrl: 'https://api.example/3' });
    expect(ends3).toMatchObject({ kind: 'unavailable', retryable: false, reason: 'api-address-ends-in-3' });
    expect(ends3.message).toMatch(/end in \/3/);
    expect(ends3.remedy).toMatch(/remove/);
    expect(classifyResourceError(404, undefined, { text: '', apiUrl: 'https://api.example/3/' }).reason).toBe('api-address-ends-in-3');
    for (const error of [wrong, ends3]) expect(`${error.message} ${error.remedy}`).not.toMatch(/filter/i);
    // The service's own 404 (code 2000434) stays not-found.
    expect(classifyResourceError(404, info(2000434, 'Kan inte hitta fakturan.', true), { apiUrl: 'https://api.example/3' }).kind).toBe('not-found');
  });

  it('a 400 web page is not a refused filter either', () => {
    const error = classifyResourceError(400, undefined, { text: '<html><body>Bad Request</body></html>' });
    expect(error.kind).toBe('unavailable');
    expect(error.reason).toBe('html-page');
  });

  it('an unknown code with a 5xx stays unavailable; with 400 a refused request', () => {
    expect(classifyResourceError(503, info(1234567, 'x')).kind).toBe('unavailable');
    expect(classifyResourceError(400, info(2000587, 'Ett ogiltigt filter har använts.')).kind).toBe('bad-request');
  });

  it('permission-missing has a remedy', () => {
    expect(new ApiError('permission-missing').remedy.length).toBeGreaterThan(10);
  });
});

describe('what the window gets', () => {
  it('the reason and the service\'s words reach the IPC error, and each reason has Swedish text', async () => {
    const { toUserError } = await import('../../../electron/kernel/user-error');
    const { swedishReasons, swedishErrors } = await import('../../../renderer/i18n/errors');
    const { errorReasons } = await import('../../../electron/common/errors');
    const error = classifyResourceError(401, info(2001101, 'Saknar licens för modulen.'));
    expect(toUserError(error.toInfo())).toMatchObject({ kind: 'licence-missing', reason: 'module-licence', serviceMessage: 'Saknar licens för modulen.' });
    for (const reason of errorReasons) expect(swedishReasons[reason].headline.length).toBeGreaterThan(10);
    expect(swedishErrors['permission-missing'].remedy).toMatch(/behörighet/);
  });
});
