/**
 * How much of the CPU this virtual machine's host took away during a measurement (the "steal"
 * column of Linux's /proc/stat): this machine is a guest, and when its host is busy the same work
 * takes several times as long. On 2026-11-28 a fixed loop of 3e8 additions took 1.3 s at 21:37, at 21:53
 * 3.2 s with 46 % of the CPU stolen; a bench line carries the share so that such a run shows as
 * one. Undefined where there is no /proc/stat.
 */
import { readFileSync } from 'node:fs';

interface CpuTimes {
  total: number;
  steal: number;
}

function cpuTimes(): CpuTimes | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    if (!line.startsWith('cpu ')) return undefined;
    // user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return undefined;
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7]! };
  } catch {
    return undefined;
  }
}

/** Starts counting; `share()` is the fraction of all CPU time stolen since, to two decimals. */
export function stealMeter(): { share(): number | undefined } {
  const from = cpuTimes();
  return {
    share() {
      const to = cpuTimes();
      if (!from || !to || to.total <= from.total) return undefined;
      return Math.round(((to.steal - from.steal) / (to.total - from.total)) * 100) / 100;
    },
  };
}
