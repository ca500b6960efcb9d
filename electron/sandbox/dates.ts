// Calendar helpers. Dates are handled as UTC day numbers (days since 1970-01-01) because the
// generator works on tens of thousands of them and Date objects are slow; all of the sandbox's
// calendar logic is in UTC (see README: "Time zone").

export const DAY_MS = 86_400_000;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number of a valid 'YYYY-MM-DD', or null (rejects 2021-02-30 and the like). */
export function parseDay(text: string): number | null {
  const match = DATE_RE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

export function formatDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

// The service is Swedish: its "today" and the `lastmodified` wall-clock times are Swedish local
// time (CET/CEST), not UTC (docs/service.md, Time).
const swedishClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Stockholm',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Swedish local time is ahead of UTC at this instant (1 or 2 hours). */
export function swedishOffsetMs(ms: number): number {
  const parts = Object.fromEntries(swedishClock.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The Swedish calendar day number of an instant. */
export function swedishDayOf(ms: number): number {
  return dayOf(ms + swedishOffsetMs(ms));
}

/** The instant of a Swedish wall-clock time given as if it were UTC (two passes settle DST edges). */
function fromSwedishWallClock(wallMs: number): number {
  const guess = wallMs - swedishOffsetMs(wallMs);
  return wallMs - swedishOffsetMs(guess);
}

/** Memoises formatDay: the generator formats the same few thousand days over and over. */
export function dayFormatter(): (dayNumber: number) => string {
  const cache = new Map<number, string>();
  return (dayNumber) => {
    let text = cache.get(dayNumber);
    if (text === undefined) {
      text = formatDay(dayNumber);
      cache.set(dayNumber, text);
    }
    return text;
  };
}

const LAST_MODIFIED_RE = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The `lastmodified` formats (docs/service.md, Query parameters): 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss' and
 * 'YYYY-MM-DD', read as Swedish local time (the service's). ISO 8601 with 'T' is unconfirmed for the real service, so the sandbox
 * rejects it: a client that only works with it would break against the real one.
 * Returns epoch milliseconds or null.
 */
export function parseLastModified(text: string): number | null {
  const match = LAST_MODIFIED_RE.exec(text);
  if (!match) return null;
  const day = parseDay(match[1] ?? '');
  if (day === null) return null;
  const hours = Number(match[2] ?? 0);
  const minutes = Number(match[3] ?? 0);
  const seconds = Number(match[4] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return fromSwedishWallClock(day * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000);
}
