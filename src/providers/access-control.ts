// Refine's accessControlProvider over the shared Access (src/access): one Casbin enforcer, built
// once, decides for the stored user. Resources are route names ('OrderLists'), 'menu:<id>' or
// 'button:<KEY>' ('route:' and 'api:' objects pass straight through). The server decides again
// on every call; this only keeps pages and buttons the user cannot use out of sight.
import type { AccessControlProvider } from "@refinedev/core";
import { getAccess, type AccessSubject, type ButtonNode, type ButtonPermission, type MenuNode } from "../access";
import { getStoredUser, getToken, sessionStore } from "./session-store";

/** sessionStorage key of the header's menu reply, per user (cleared by logout). */
export const MENUS_CACHE_KEY = "cache:menus";

export interface MenusData {
  menus: MenuNode[];
  buttons: ButtonNode[];
  buttonList: ButtonPermission[];
}

interface MenusCache {
  user: string;
  lang: string;
  data: MenusData;
}

/** Who the cache belongs to: the member id, so a second account in the tab never reads it. */
export function userKeyOf(user: Record<string, unknown> | null | undefined): string | null {
  if (!user) return null;
  const id = user.id ?? user.memberId ?? user.mobilePhone;
  return id === undefined || id === null ? null : String(id);
}

function readCache(): MenusCache | null {
  try {
    const raw = sessionStore().getItem(MENUS_CACHE_KEY);
    return raw ? (JSON.parse(raw) as MenusCache) : null;
  } catch {
    return null;
  }
}

export function readMenusCache(user: string | null, lang: string): MenusData | undefined {
  const c = readCache();
  return c && user && c.user === user && c.lang === lang ? c.data : undefined;
}

export function writeMenusCache(user: string, lang: string, data: MenusData): void {
  try {
    sessionStore().setItem(MENUS_CACHE_KEY, JSON.stringify({ user, lang, data } satisfies MenusCache));
  } catch {
    /* storage full or disabled: the menus are fetched again next time */
  }
}

export function clearMenusCache(): void {
  sessionStore().removeItem(MENUS_CACHE_KEY);
}

/** The stored user as an access subject, with the server's button list once the menus came. */
export function currentSubject(): AccessSubject | null {
  if (!getToken()) return null;
  const user = getStoredUser<AccessSubject & Record<string, unknown>>();
  if (!user) return null;
  const cache = readCache();
  return cache && cache.user === userKeyOf(user) ? { ...user, buttons: cache.data.buttonList } : user;
}

const PREFIXED = /^(menu|button|route|api):/;

/** One decision, for code outside React (and the provider below). */
export async function canAccess(resource: string | undefined, action = "view", subject: AccessSubject | null = currentSubject()): Promise<boolean> {
  if (!resource) return true;
  const access = await getAccess();
  if (PREFIXED.test(resource)) return access.can(subject, resource, resource.startsWith("api:") ? action : undefined);
  // Anything else is a route name (or a Refine resource sharing one); ungoverned names are open.
  return access.canRoute(subject, resource);
}

export const FORBIDDEN_REASON = "您没有权限访问此页面";

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const can = await canAccess(resource, action);
    return can ? { can } : { can, reason: FORBIDDEN_REASON };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Decisions only change with the user; the layout drops the cache when the user changes.
    queryOptions: { staleTime: 5 * 60_000 },
  },
};
