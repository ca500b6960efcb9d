// What `npm run bench -- --only a,b` runs and prints. A name is a scenario's (`mirror`: all its
// lines) or one line's within it (`mirror-query`: the mirror scenario runs, since its queries need
// the copy it syncs first, and only that line is printed).
import type { Scenario } from './lib';

/** The scenarios to run: all without --only. */
export function selectScenarios<S extends Pick<Scenario, 'name' | 'lines'>>(scenarios: readonly S[], only: readonly string[] | undefined): S[] {
  if (!only) return [...scenarios];
  // A scenario's own name, and a line it declares, are its alone (firm-desk and firm-start are firm-desk's, not firm's).
  const owner = (name: string) => scenarios.find((s) => s.name === name || s.lines?.includes(name));
  return scenarios.filter((s) => only.some((name) => owner(name) === s || (owner(name) === undefined && name.startsWith(`${s.name}-`))));
}

/** Whether a result line of `scenario` is printed: every line without --only, or when named, itself or by its scenario. */
export function lineWanted(line: string, scenario: string, only: readonly string[] | undefined): boolean {
  return !only || only.includes(scenario) || only.includes(line);
}
