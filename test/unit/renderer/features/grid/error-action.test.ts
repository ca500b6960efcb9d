/** Which action the grid offers for an error. */
import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../../../renderer/api';
import { actionFor } from '../../../../../renderer/features/grid/error-action';

describe('error actions', () => {
  const error = (kind: ConstructorParameters<typeof DeskError>[0]['kind']) => new DeskError({ kind, message: 'x' });
  it('offers Reconnect for a lost connection or a missing scope', () => {
    expect(actionFor(error('needs-reconnect'))).toBe('reconnect');
    expect(actionFor(error('scope-missing'))).toBe('reconnect');
  });
  it('offers no Reconnect for a missing licence (OAuth cannot fix it), only Retry once it is activated', () => {
    expect(actionFor(error('licence-missing'))).toBe('retry');
    expect(actionFor(error('permission-missing'))).toBe('retry');
  });
  it('offers Retry for what may pass, and a view reset for a refused query', () => {
    expect(actionFor(error('unavailable'))).toBe('retry');
    expect(actionFor(error('rate-limited'))).toBe('retry');
    expect(actionFor(error('busy'))).toBe('retry');
    expect(actionFor(new Error('plain'))).toBe('retry');
    expect(actionFor(error('bad-request'))).toBe('reset-view');
  });
});
