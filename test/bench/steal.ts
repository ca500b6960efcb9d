/**
 * How much of the CPU this virtual machine's host took away during a measurement (the "steal"
 * column of Linux's /proc/stat): this machine is a guest, and when its host is busy the same work
 * takes several times as long. On 2026-11-28 a fixed loop of 3e8 additions took 1.3 s at 21:37, at 21:53
 * 3.2 s with 46 % of the CPU stolen; a bench line carries the share so that such a run shows as
 * one. Undefined where there is no /proc/stat.
 *
 * The same way, the share of the machine's CPU that the service's stand-in (the sandbox, a process
 * of its own) used: on a real desk the service runs elsewhere, here it takes its part of the same
 * two cores as the app.
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

/** The CPU time (user and system, in the same ticks as /proc/stat) process `pid` has used. */
function processTicks(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: utime and stime are the 14th and 15th fields; comm may hold spaces.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/** Starts counting; `share()` is the fraction of the whole machine's CPU time process `pid` used since. */
export function processMeter(pid: number | undefined): { share(): number | undefined } {
  const from = cpuTimes();
  const used = pid === undefined ? undefined : processTicks(pid);
  return {
    share() {
      const to = cpuTimes();
      const now = pid === undefined ? undefined : processTicks(pid);
      if (!from || !to || to.total <= from.total || used === undefined || now === undefined) return undefined;
      return Math.round(((now - used) / (to.total - from.total)) * 100) / 100;
    },
  };
}
