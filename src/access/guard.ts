// Route-guard decisions, as a pure function: given where the user is
// going and what is stored, the list of things to do, in order. No React, no storage, no I/O —
// src/providers/route-guard.tsx performs the actions.
import { keepsSignInUrl, siteConfigByAppId } from "./partners";
import { BUSINESS_INDEX_PATH, MISMATCH_PATH, OFFICIAL_INDEX_PATH } from "./routes";

export { BUSINESS_INDEX_PATH, MISMATCH_PATH, OFFICIAL_INDEX_PATH };

/**
 * /mismatch goes to the official index "when the host contains a certain brand text".
 * The text is the official brand's domain word: its sites run on tianhe hosts (tianhe.example.com).
 */
export const BRAND_HOST_TEXT = "tianhe";
export const THIRD_PARTY_ACCESS = "THIRD_PARTY";
/** Query keys of a third-party entry link; dropped from the URL once read. */
export const ENTRY_QUERY_KEYS = ["sign", "appId", "access_type", "timestamp"] as const;

export interface GuardInput {
  pathname: string;
  /** location.search, with or without the leading "?". */
  search: string;
  host: string;
  /** The stored login token, if any. */
  token: string | null;
  /** Whether the matched route requires login (false for unknown routes). */
  routeNeedsAuth: boolean;
  routeName?: string | null;
  /** The partner app id and sign of the last third-party entry (stored by the guard). */
  storedAppId?: string | null;
  storedSign?: string | null;
}

export interface ThirdPartyEntry {
  appId: string;
  sign: string;
  timestamp: string | null;
  accessType: string | null;
}

export type GuardAction =
  /** Clear localStorage and sessionStorage. */
  | { type: "clearStorage" }
  | { type: "storeToken"; token: string }
  /** Remember appId/sign/access_type of the entry (the new values replace the stored ones). */
  | ({ type: "storeEntry" } & ThirdPartyEntry)
  /** Exchange the sign for a token (POST /thirdParty/entry); later actions wait for it. */
  | ({ type: "thirdPartyEntry" } & ThirdPartyEntry)
  /** Fetch member info, mark the user logged in and set the member-type label. */
  | { type: "loadMember" }
  /** Replace the URL by `to`: the same path without these query keys. */
  | { type: "dropQueryKeys"; keys: string[]; to: string }
  | { type: "redirect"; to: string }
  /** Remember the address for after login. */
  | { type: "saveRedirect"; address: string }
  | { type: "openLogin" }
  /** The old header and footer are hidden (route needs auth, no token). */
  | { type: "hideChrome" };

const onPath = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

function isIndexPage(pathname: string, routeName?: string | null): boolean {
  if (routeName === "th_official_index" || routeName === "th_business_index") return true;
  return onPath(pathname, OFFICIAL_INDEX_PATH) || onPath(pathname, BUSINESS_INDEX_PATH);
}

function withSearch(path: string, query: URLSearchParams): string {
  const s = query.toString();
  return s ? `${path}?${s}` : path;
}

/** Everything the guard does for one navigation, in the order it must be done. */
export function decideGuard(input: GuardInput): GuardAction[] {
  const { pathname, host } = input;
  const query = new URLSearchParams(input.search.startsWith("?") ? input.search.slice(1) : input.search);
  const actions: GuardAction[] = [];

  // /mismatch: a token link signs in and goes to the business index. "Without a token" reads
  // two ways (no token in the link, or none at all); we take "none at all": a guest goes to an
  // index, while a signed-in member sees the mismatch page and learns the link was broken
  // instead of landing somewhere unexplained.
  if (onPath(pathname, MISMATCH_PATH)) {
    const linkToken = query.get("token");
    if (linkToken) {
      return [{ type: "clearStorage" }, { type: "storeToken", token: linkToken }, { type: "loadMember" }, { type: "redirect", to: BUSINESS_INDEX_PATH }];
    }
    if (input.token) return [{ type: "loadMember" }];
    const brandHost = host.toLowerCase().includes(BRAND_HOST_TEXT);
    return [{ type: "redirect", to: brandHost ? OFFICIAL_INDEX_PATH : BUSINESS_INDEX_PATH }];
  }

  const sign = query.get("sign");
  const appId = query.get("appId");
  const accessType = query.get("access_type");
  // A sign already taken (it stays in the URL for some partners, or the page was reloaded) is
  // not taken again: the server accepts each sign once, and storage must not be wiped twice.
  const freshSign = !!sign && sign !== (input.storedSign ?? null);
  let token = input.token;
  let thirdPartyAppId = input.storedAppId ?? null;
  let entryPending = false;

  if (freshSign && (accessType === THIRD_PARTY_ACCESS || appId)) {
    actions.push({ type: "clearStorage" });
    token = null;
    thirdPartyAppId = null;
  }
  if (freshSign && appId) {
    const entry: ThirdPartyEntry = { appId, sign: sign!, timestamp: query.get("timestamp"), accessType };
    actions.push({ type: "storeEntry", ...entry }, { type: "thirdPartyEntry", ...entry });
    thirdPartyAppId = appId;
    entryPending = true;
  }

  if (token && !entryPending) actions.push({ type: "loadMember" });

  // The entry keys leave the URL unless the partner's pages read them again.
  const cleanQuery = new URLSearchParams(query);
  const dropKeys = sign && appId && !keepsSignInUrl(appId) ? ENTRY_QUERY_KEYS.filter((k) => query.has(k)) : [];
  for (const key of dropKeys) cleanQuery.delete(key);

  const site = siteConfigByAppId(thirdPartyAppId);
  if (site && isIndexPage(pathname, input.routeName) && !onPath(pathname, site.homeRoute)) {
    actions.push({ type: "redirect", to: withSearch(site.homeRoute, cleanQuery) });
    return actions;
  }
  if (dropKeys.length) actions.push({ type: "dropQueryKeys", keys: dropKeys, to: withSearch(pathname, cleanQuery) });

  // While an entry is under way its token is coming: no dialog yet (the guard runs again after).
  if (input.routeNeedsAuth && !token && !entryPending) {
    actions.push(
      { type: "saveRedirect", address: withSearch(pathname, cleanQuery) },
      { type: "openLogin" },
      { type: "hideChrome" },
    );
  }
  return actions;
}
