// The time source of the account services (SMS codes, sign-in locks, partner signs). Tests move
// it to check 5-minute codes and 15-minute locks without waiting; production never sets it.
let source: () => number = () => Date.now();

export function now(): number {
  return source();
}

export function isoAt(ms: number = now()): string {
  return new Date(ms).toISOString();
}

/** Replace the clock (tests); null restores the real one. */
export function setClock(fn: (() => number) | null): void {
  source = fn ?? (() => Date.now());
}
