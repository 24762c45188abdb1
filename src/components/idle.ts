// Work that the first paint does not need runs when the browser is idle. Where idle callbacks do
// not exist, it does not run at all: what it would have fetched early is fetched on first use.
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  const w = globalThis as typeof globalThis & {
    requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (!w.requestIdleCallback || !w.cancelIdleCallback) return () => {};
  const id = w.requestIdleCallback(run, { timeout: timeoutMs });
  return () => w.cancelIdleCallback!(id);
}
