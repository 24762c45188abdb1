// Long loops over an import's rows (checking 5,000 rows against the form's schema takes a few
// hundred milliseconds) give the event loop a turn every so often, so requests that arrive
// meanwhile are answered in between instead of after the whole file.

/** Resolves on the event loop's next turn, after the I/O that is waiting. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items.map(fn)`, with a turn of the event loop after every `every` items. */
export async function mapInTurns<T, R>(items: readonly T[], fn: (item: T, index: number) => R, every = 100): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % every === 0) await nextTurn();
    out.push(fn(items[i], i));
  }
  return out;
}
