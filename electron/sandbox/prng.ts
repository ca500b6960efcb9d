// A small seeded PRNG so the demo data (and fault decisions) are the same on every run for one
// seed. Math.random cannot be seeded; crypto is overkill and slow for 50,000 invoices.

/** FNV-1a over the string's UTF-16 code units: turns any seed into a 32-bit state. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export function createRng(seed: string | number): Rng {
  let state = hashString(String(seed));
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}

/** Uniform in [range[0], range[1]] with Math.random: for latencies, which need no reproducibility. */
export function uniformMs(range: readonly [number, number] | undefined): number {
  if (!range) return 0;
  const [min, max] = range;
  return max > min ? min + Math.random() * (max - min) : min;
}
