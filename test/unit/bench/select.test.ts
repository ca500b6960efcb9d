import { describe, expect, it } from 'vitest';
import { lineWanted, selectScenarios } from '../../bench/select';

const scenarios = [{ name: 'client-bulk-read' }, { name: 'mirror' }, { name: 'export-csv' }];
const mirrorLines = ['mirror-first-sync', 'mirror-incremental', 'mirror-query', 'mirror-query-supplier', 'mirror-overview', 'mirror-export'];

describe('bench --only', () => {
  it('without it, every scenario runs and every line is printed', () => {
    expect(selectScenarios(scenarios, undefined)).toEqual(scenarios);
    expect(mirrorLines.filter((line) => lineWanted(line, 'mirror', undefined))).toEqual(mirrorLines);
  });

  it("a line's name runs its scenario and prints that line alone (not mirror-query-supplier for mirror-query)", () => {
    expect(selectScenarios(scenarios, ['mirror-query'])).toEqual([{ name: 'mirror' }]);
    expect(mirrorLines.filter((line) => lineWanted(line, 'mirror', ['mirror-query']))).toEqual(['mirror-query']);
  });

  it("a scenario's name prints all its lines; names combine", () => {
    expect(mirrorLines.filter((line) => lineWanted(line, 'mirror', ['mirror']))).toEqual(mirrorLines);
    expect(selectScenarios(scenarios, ['export-csv', 'mirror-export'])).toEqual([{ name: 'mirror' }, { name: 'export-csv' }]);
    expect(mirrorLines.filter((line) => lineWanted(line, 'mirror', ['export-csv', 'mirror-export', 'mirror-overview']))).toEqual(['mirror-overview', 'mirror-export']);
    expect(lineWanted('export-csv', 'export-csv', ['export-csv', 'mirror-export'])).toBe(true);
  });

  it("a line a scenario declares runs that scenario, not the one its name starts like (firm-start is firm-desk's)", () => {
    const firm = [{ name: 'firm' }, { name: 'firm-desk', lines: ['firm-start', 'firm-overview', 'firm-switch'] }];
    expect(selectScenarios(firm, ['firm-start'])).toEqual([firm[1]]);
    expect(selectScenarios(firm, ['firm-first-sync'])).toEqual([firm[0]]);
    expect(selectScenarios(firm, ['firm'])).toEqual([firm[0]]);
    expect(selectScenarios(firm, ['firm-desk'])).toEqual([firm[1]]);
    expect(selectScenarios(firm, ['firm-first-sync', 'firm-switch'])).toEqual(firm);
  });

  it('an unknown name selects nothing', () => {
    expect(selectScenarios(scenarios, ['mirrors'])).toEqual([]);
  });
});
