// What the CLI prints: no SQLite warning in cron mail, the report's lines say
// "report:", "1 page", a sync counts requests and invoices (not the view's pages), an unknown tenant
// is described as such, and options that npm kept for itself (no `--`) are named.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/kernel/errors';
import { optionsTakenByNpm } from '../../../electron/cli/command';
import { createProgressReporter } from '../../../electron/cli/progress';
import { isSqliteExperimentalWarning } from '../../../electron/cli/quiet-sqlite-warning';
import { describeApiError } from '../../../electron/cli/run';

const lines = (label?: string) => {
  let out = '';
  const reporter = createProgressReporter({ write: (t: string) => (out += t) }, () => 0, label);
  return { reporter, out: () => out };
};

describe('the CLI’s output', () => {
  it('drops Node’s "SQLite is an experimental feature" warning, and only that one', () => {
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning')).toBe(true);
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature and might change at any time', { type: 'ExperimentalWarning' })).toBe(true);
    expect(isSqliteExperimentalWarning('WASI is an experimental feature', 'ExperimentalWarning')).toBe(false);
    expect(isSqliteExperimentalWarning('SQLite something', 'DeprecationWarning')).toBe(false);
  });

  it('the report labels its lines "report:", and one page is "1 page"', () => {
    const { reporter, out } = lines('report');
    reporter.update({ pagesDone: 1, pagesTotal: 1, rows: 300, waitingForRateLimit: false, unit: 'requests' });
    expect(out()).toBe('report: sync 1/1 request, 300 invoices\n');
    const exported = lines();
    exported.reporter.update({ pagesDone: 1, pagesTotal: 1, rows: 1, waitingForRateLimit: false });
    expect(exported.out()).toBe('export: 1/1 page, 1 row\n');
  });

  it('an unknown tenant: the service does not know it, check --tenant, then the approval', () => {
    const { code, line } = describeApiError(new ApiError('not-activated', { serviceMessage: 'Unknown tenant 1234567' }), { tenantId: '1234567', resource: 'invoices' });
    expect(code).toBe(3);
    expect(line).toMatch(/^the service does not know tenant 1234567 as a service account of this integration \(the service said: Unknown tenant 1234567\)\. Check --tenant/);
    expect(line).not.toMatch(/has not activated/);
  });

  it('options given without npm’s `--` (npm keeps them as its config): says so', () => {
    const env = { npm_lifecycle_event: 'export', npm_config_tenant: '8000001', npm_config_out: 'x.csv' };
    expect(optionsTakenByNpm('export', [], env)).toBe("export: npm kept --tenant, --out for itself: put -- before the export's options, as in npm run -s export -- --tenant <TenantId> ...");
    expect(optionsTakenByNpm('export', ['--tenant', '8000001', '--out', 'x.csv'], env)).toBeNull();
    expect(optionsTakenByNpm('export', [], { npm_lifecycle_event: 'export' })).toBeNull();
    expect(optionsTakenByNpm('report', [], { npm_lifecycle_event: 'report', npm_config_mirror: 'copies' })).toMatch(/^report: npm kept --mirror/);
  });
});
