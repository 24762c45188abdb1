// Deterministic randomness: every generated fact is a pure function of (seed, key), so the same
// seed gives the same inventory whether a day is built at start or on first touch.

/** 32-bit FNV-1a hash of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A generator of floats in [0, 1) for one key (mulberry32). */
export function rng(seed: string | number, ...key: (string | number)[]): () => number {
  let a = hash32(`${seed}|${key.join("|")}`);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One float in [0, 1) for a key. */
export function unit(seed: string | number, ...key: (string | number)[]): number {
  return rng(seed, ...key)();
}

export function intBetween(r: () => number, min: number, max: number): number {
  return min + Math.floor(r() * (max - min + 1));
}

export function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)];
}

export function weightedPick<T>(r: () => number, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((s, i) => s + weight(i), 0);
  let x = r() * total;
  for (const item of items) {
    x -= weight(item);
    if (x < 0) return item;
  }
  return items[items.length - 1];
}
