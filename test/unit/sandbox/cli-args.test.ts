import { describe, expect, it } from 'vitest';
import { CliError, parseCliArgs } from '../../../electron/sandbox/cli-args';

describe('parseCliArgs', () => {
  it('has defaults', () => {
    expect(parseCliArgs([])).toEqual({ port: 0, latencyMs: undefined, transitMs: undefined, seed: undefined, json: false, env: false, controlRoutes: false, companies: 0, largeInvoices: undefined, help: false });
  });

  it('reads every flag, with a space or an equals sign', () => {
    expect(parseCliArgs(['--port', '8080', '--latency=20-80', '--transit', '5', '--seed', 'abc', '--json', '--control-routes', '--companies', '300', '--large-invoices=500000'])).toEqual({
      port: 8080, latencyMs: [20, 80], transitMs: [5, 5], seed: 'abc', json: true, env: false, controlRoutes: true, companies: 300, largeInvoices: 500_000, help: false,
    });
  });

  it.each([
    [['--port'], /--port/],
    [['--port', '70000'], /--port/],
    [['--port', '-1'], /--port/],
    [['--latency', 'fast'], /--latency/],
    [['--latency', '80-20'], /MAX/],
    [['--transit', '--json'], /--transit/],
    [['--seed'], /--seed/],
    [['--json=yes'], /takes no value/],
    [['extra'], /unknown argument "extra"/],
    [['--companies'], /--companies expects a number 0-2000, got nothing/],
    [['--companies', '2001'], /--companies/],
    [['--companies=1e3'], /--companies/],
    [['--large-invoices', '1000000'], /--large-invoices expects a number 0-999999/],
    [['--large-invoices'], /--large-invoices/],
  ])('%j is an error', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(CliError);
    expect(() => parseCliArgs(args)).toThrow(message);
  });
});
