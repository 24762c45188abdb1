// Runs the pure route-guard decisions (src/access/guard.ts) on every navigation and performs them:
// storage, the third-party sign-in, member info, URL clean-up, redirects and the login dialog.
// Render once inside the router and <Refine>.
import { useEffect, useRef, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { useInvalidateAuthStore } from "@refinedev/core";
import { decideGuard, type GuardAction, type ThirdPartyEntry } from "../access/guard";
import { findRoute } from "../access/routes";
import { LOCALE_STORAGE_KEY } from "./i18n-provider";
import { loadMember, withLabels } from "./auth-provider";
import { getLoginDialog, requestLogin, useLoginDialog } from "./login-dialog";
import { request } from "./request";
import { clearSession, getToken, localStore, saveRedirect, sessionStore, setStoredUser, setToken } from "./session-store";
import { useSessionToken } from "./use-session";

/** Where the last third-party entry is remembered (new values replace stored ones). */
export const ENTRY_STORAGE_KEYS = { appId: "appId", sign: "sign", accessType: "access_type" } as const;

// ---- actions ----

/** Both storages are cleared; the language choice is kept, it is not session data. */
function clearStorage(): void {
  clearSession(); // first, so whoever shows the session hears of it
  const locale = localStore().getItem(LOCALE_STORAGE_KEY);
  localStore().clear();
  sessionStore().clear();
  if (locale) localStore().setItem(LOCALE_STORAGE_KEY, locale);
}

function storeEntry(entry: ThirdPartyEntry): void {
  const local = localStore();
  local.setItem(ENTRY_STORAGE_KEYS.appId, entry.appId);
  local.setItem(ENTRY_STORAGE_KEYS.sign, entry.sign);
  if (entry.accessType) local.setItem(ENTRY_STORAGE_KEYS.accessType, entry.accessType);
}

// One entry at a time across guard runs (StrictMode runs effects twice; a sign works only once).
let entryInFlight: Promise<boolean> | null = null;

/** POST /thirdParty/entry; stores the token and user. The partner's timestamp goes as signTimestamp
 *  because the request layer sends its own `timestamp` on every call. */
function thirdPartyEntry(entry: ThirdPartyEntry): Promise<boolean> {
  entryInFlight = (async () => {
    try {
      const data = await request<{ token: string; siteConfig?: unknown } & Record<string, unknown>>("/thirdParty/entry", {
        appId: entry.appId,
        sign: entry.sign,
        ...(entry.timestamp ? { signTimestamp: entry.timestamp } : {}),
        ...(entry.accessType ? { access_type: entry.accessType } : {}),
      });
      const { token, siteConfig, homeRoute: _home, ...user } = data;
      setToken(token);
      setStoredUser(withLabels(user));
      if (siteConfig) localStore().setItem("siteConfig", JSON.stringify(siteConfig));
      return true;
    } catch {
      // The request layer has shown why. The sign stays stored so it is not replayed; without a
      // signed-in user the app id must not steer the index pages.
      localStore().removeItem(ENTRY_STORAGE_KEYS.appId);
      return false;
    } finally {
      entryInFlight = null;
    }
  })();
  return entryInFlight;
}

const pathOf = (to: string) => to.split(/[?#]/)[0];

export function RouteGuard({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const { open: dialogOpen } = useLoginDialog();
  const loadedToken = useRef<string | null>(null);
  const runs = useRef(0);
  const dialogWasOpen = useRef(false);
  // When the session changes (login, logout, partner entry, 401, another tab), what was loaded
  // belonged to the previous one: every query starts over, and those on screen load again for
  // the new session. Components that show the session re-render through useSessionToken.
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const shownToken = useRef(token);
  useEffect(() => {
    if (shownToken.current === token) return;
    shownToken.current = token;
    void queryClient.resetQueries();
  }, [token, queryClient]);
  // Both hooks hand out new functions on re-render; the effect must not re-run for that.
  const navigate = useNavigate();
  const invalidate = useInvalidateAuthStore();
  const hooks = useRef({ navigate, invalidate });
  // Kept current after each render (refs are not written while rendering); declared before the
  // effect below, so it runs first in the same commit.
  useEffect(() => {
    hooks.current = { navigate, invalidate };
  });

  useEffect(() => {
    const run = ++runs.current;
    const current = () => run === runs.current;
    // The user closing the dialog on a protected page is an answer: it is not reopened until the
    // next navigation. (StrictMode repeats effects only on mount, where this is false.)
    const closedByUser = dialogWasOpen.current && !dialogOpen;
    dialogWasOpen.current = dialogOpen;
    const go = (to: string) => hooks.current.navigate(to, { replace: true });
    const refreshIdentity = () => void hooks.current.invalidate();

    async function perform(action: GuardAction): Promise<boolean> {
      switch (action.type) {
        case "clearStorage":
          clearStorage();
          loadedToken.current = null;
          return true;
        case "storeToken":
          setToken(action.token);
          return true;
        case "storeEntry":
          storeEntry(action);
          return true;
        case "thirdPartyEntry": {
          const ok = await thirdPartyEntry(action);
          loadedToken.current = getToken();
          refreshIdentity();
          return ok;
        }
        case "loadMember": {
          const token = getToken();
          // Once per token; /member/info itself is read once per session (a sign-in already did).
          if (!token || loadedToken.current === token) return true;
          loadedToken.current = token;
          await loadMember();
          refreshIdentity();
          return true;
        }
        case "dropQueryKeys":
          if (current()) go(action.to + window.location.hash);
          return true;
        case "redirect":
          // Never into a path the route table does not know: the catch-all would send it back.
          if (current() && findRoute(pathOf(action.to))) go(action.to);
          return true;
        case "saveRedirect":
          saveRedirect(action.address);
          return true;
        case "openLogin":
          if (current() && !closedByUser && !getLoginDialog().open) requestLogin("login");
          return true;
        case "hideChrome":
          // The layout hides the old header and footer itself (auth route, no token).
          return true;
      }
    }

    void (async () => {
      if (entryInFlight) await entryInFlight;
      if (!current()) return;
      const match = findRoute(location.pathname);
      const local = localStore();
      const actions = decideGuard({
        pathname: location.pathname,
        search: location.search,
        host: window.location.host,
        token: getToken(),
        routeNeedsAuth: match?.def.auth ?? false,
        routeName: match?.def.name ?? null,
        storedAppId: local.getItem(ENTRY_STORAGE_KEYS.appId),
        storedSign: local.getItem(ENTRY_STORAGE_KEYS.sign),
      });
      for (const action of actions) {
        if (await perform(action)) continue;
        // A failed entry ends this run; deciding again sees the stored sign and no token.
        if (current()) go(location.pathname + location.search + location.hash);
        return;
      }
    })();
    // location.key: a navigation to the same address (the post-login redirect) decides again;
    // dialogOpen: closing the dialog after a login re-decides the chrome and the dialog.
  }, [location.key, location.pathname, location.search, location.hash, dialogOpen]);

  return children;
}
