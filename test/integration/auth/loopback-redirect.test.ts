import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startLoopbackRedirect } from '../../../electron/auth/loopback-redirect';

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the loopback redirect server', () => {
  it('listens on 127.0.0.1 on an ephemeral port and closes after success', async () => {
    const redirect = await startLoopbackRedirect({ expectedState: 's1' });
    expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(redirect.port).toBeGreaterThan(0);
    const other = await fetch(`http://127.0.0.1:${redirect.port}/favicon.ico`);
    expect(other.status).toBe(404); // unrelated requests do not consume the single use
    const response = await fetch(`${redirect.redirectUri}?code=abc&state=s1`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/You can close this tab/);
    await expect(redirect.code).resolves.toBe('abc');
    await expect.poll(() => refused(redirect.port)).toBe(true);
  });

  it('refuses a wrong state without ending the flow: the real answer still arrives, then it closes', async () => {
    const redirect = await startLoopbackRedirect({ expectedState: 'right' });
    const forged = await fetch(`${redirect.redirectUri}?code=forged&state=wrong`);
    expect(forged.status).toBe(400);
    const missing = await fetch(`${redirect.redirectUri}?code=forged`);
    expect(missing.status).toBe(400);
    expect(redirect.isOpen()).toBe(true);
    await fetch(`${redirect.redirectUri}?code=real&state=right`);
    await expect(redirect.code).resolves.toBe('real');
    await expect.poll(() => refused(redirect.port)).toBe(true);
  });

  it('turns error callbacks into typed errors and closes', async () => {
    const denied = await startLoopbackRedirect({ expectedState: 's' });
    await fetch(`${denied.redirectUri}?error=access_denied&state=s`);
    await expect(denied.code).rejects.toMatchObject({ kind: 'cancelled' });
    const licence = await startLoopbackRedirect({ expectedState: 's' });
    await fetch(`${licence.redirectUri}?error=error_missing_app_license&error_description=Resource%20owner%20does%20not%20have%20enough%20licenses&state=s`);
    await expect(licence.code).rejects.toMatchObject({ kind: 'licence-missing', serviceMessage: 'Resource owner does not have enough licenses' });
    await expect.poll(() => refused(licence.port)).toBe(true);
  });

  it('closes on timeout and on cancel', async () => {
    const timed = await startLoopbackRedirect({ expectedState: 's', timeoutMs: 100 });
    await expect(timed.code).rejects.toMatchObject({ kind: 'cancelled', message: expect.stringMatching(/within 5 minutes/) });
    await expect.poll(() => refused(timed.port)).toBe(true);

    const controller = new AbortController();
    const cancelled = await startLoopbackRedirect({ expectedState: 's', signal: controller.signal });
    controller.abort();
    await expect(cancelled.code).rejects.toMatchObject({ kind: 'cancelled' });
    await expect.poll(() => refused(cancelled.port)).toBe(true);
  });

  it('uses a configured fixed port and says clearly when it is taken', async () => {
    const first = await startLoopbackRedirect({ expectedState: 's' });
    await expect(startLoopbackRedirect({ expectedState: 's', port: first.port })).rejects.toMatchObject({
      message: expect.stringMatching(new RegExp(`port ${first.port} is in use`)),
    });
    await first.close();
    const fixed = await startLoopbackRedirect({ expectedState: 's', port: first.port });
    expect(fixed.redirectUri).toBe(`http://127.0.0.1:${first.port}/callback`);
    await fixed.close();
  });
});

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Host header (DNS rebinding)', () => {
  it('refuses a callback addressed to any other host than 127.0.0.1:PORT and keeps waiting for the real one', async () => {
    const redirect = await startLoopbackRedirect({ expectedState: 's' });
    const path = '/callback?code=rebound&state=s'; // even with the right state
    for (const host of ['evil.example', `evil.example:${redirect.port}`, `localhost:${redirect.port}`, `127.0.0.1:${redirect.port + 1}`, '127.0.0.1', `[::1]:${redirect.port}`]) {
      const res = await getWithHost(redirect.port, path, host);
      expect(res.status, host).toBe(421);
      expect(res.body).toMatch(/You can close this tab/);
      expect(res.body).not.toContain('rebound');
    }
    expect(redirect.isOpen()).toBe(true);
    const real = await getWithHost(redirect.port, '/callback?code=real&state=s', `127.0.0.1:${redirect.port}`);
    expect(real.status).toBe(200);
    await expect(redirect.code).resolves.toBe('real');
    await expect.poll(() => refused(redirect.port)).toBe(true);
  });
});
