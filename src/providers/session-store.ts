// The signed-in user and token in localStorage, so both survive a reload.

export const STORAGE_KEYS = {
  token: "token",
  user: "userInfo",
  redirect: "loginRedirect",
} as const;

/** The subset of Storage we use; tests give a memory version. */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem" | "clear">;

export function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

let local: KeyValueStore = typeof localStorage !== "undefined" ? localStorage : memoryStore();
let session: KeyValueStore = typeof sessionStorage !== "undefined" ? sessionStorage : memoryStore();

export function useStores(stores: { local?: KeyValueStore; session?: KeyValueStore }): void {
  if (stores.local) local = stores.local;
  if (stores.session) session = stores.session;
}

export const localStore = (): KeyValueStore => local;
export const sessionStore = (): KeyValueStore => session;

export function getToken(): string | null {
  return local.getItem(STORAGE_KEYS.token) || null;
}

// Who is signed in can change under a mounted page (the login dialog, a sign-out, a 401, another
// tab): listeners hear of every change, and the portal re-renders and reloads its data then.
const listeners = new Set<() => void>();

function sessionChanged(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the token changes (here or in another tab); returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    // key null: the other tab cleared the whole storage.
    if (e.key === null || e.key === STORAGE_KEYS.token) sessionChanged();
  });
}

export function setToken(token: string): void {
  const before = getToken();
  local.setItem(STORAGE_KEYS.token, token);
  if (before !== token) sessionChanged();
}

// The operator console's session: per tab, apart from the member's (src/ops/session.ts keeps it).
export const OPS_TOKEN_KEY = "opsToken";
export const getOpsToken = (): string | null => session.getItem(OPS_TOKEN_KEY) || null;

export function getStoredUser<T = Record<string, unknown>>(): T | null {
  const raw = local.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setStoredUser(user: unknown): void {
  local.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  const before = getToken();
  local.removeItem(STORAGE_KEYS.token);
  local.removeItem(STORAGE_KEYS.user);
  if (before) sessionChanged();
}

/** Where to return after the next login (saved on 401 and by the route guard). */
export function saveRedirect(address: string): void {
  session.setItem(STORAGE_KEYS.redirect, address);
}

export function takeRedirect(): string | null {
  const v = session.getItem(STORAGE_KEYS.redirect);
  session.removeItem(STORAGE_KEYS.redirect);
  return v;
}
