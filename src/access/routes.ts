// The portal's route table: every path, its name, whether it needs a login, which
// header/footer it shows and where old addresses now land. Pure data and functions: the router
// (src/pages/routes.tsx), the layout, the route guard and the tests all read this one table.
import { fillPath, type Query, type RedirectInput, type RedirectTarget, type RouteDef } from "./route-table/define";
import { MAIN_ROUTES } from "./route-table/main";
import { MY_CENTER_ROUTES } from "./route-table/my-center";
import { WORKBENCH_ROUTES } from "./route-table/workbench";

export * from "./route-table/define";

/** Every route, in match order. Patterns do not overlap (tests/routes checks it), so order only
 * matters for speed; react-router ranks the same patterns to the same answers. */
export const ROUTES: readonly RouteDef[] = Object.freeze([...MAIN_ROUTES, ...WORKBENCH_ROUTES, ...MY_CENTER_ROUTES]);

export const MISMATCH_PATH = "/mismatch";

interface Compiled {
  def: RouteDef;
  segments: { text: string; param?: string; optional?: boolean }[];
}

const compiled: Compiled[] = ROUTES.map((def) => ({
  def,
  segments: def.path
    .split("/")
    .filter(Boolean)
    .map((seg) =>
      seg.startsWith(":") ? { text: seg, param: seg.replace(/^:|\?$/g, ""), optional: seg.endsWith("?") } : { text: seg.toLowerCase() },
    ),
}));

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// Case-insensitive like react-router's default; a trailing slash is ignored.
function match(c: Compiled, parts: string[]): Record<string, string | undefined> | null {
  if (parts.length > c.segments.length) return null;
  const params: Record<string, string | undefined> = {};
  for (let i = 0; i < c.segments.length; i++) {
    const seg = c.segments[i];
    const part = parts[i];
    if (part === undefined) {
      if (seg.param && seg.optional) continue;
      return null;
    }
    if (seg.param) params[seg.param] = safeDecode(part);
    else if (part.toLowerCase() !== seg.text) return null;
  }
  return params;
}

export interface RouteMatch {
  def: RouteDef;
  params: Record<string, string | undefined>;
}

/** The route a pathname (no query) belongs to, or null (the router sends those to /mismatch). */
export function findRoute(pathname: string): RouteMatch | null {
  const parts = pathname.split("?")[0].split("/").filter(Boolean);
  for (const c of compiled) {
    const params = match(c, parts);
    if (params) return { def: c.def, params };
  }
  return null;
}

const byName = new Map<string, RouteDef>(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

export function withQuery(path: string, query?: Record<string, string | undefined>): string {
  const entries = Object.entries(query ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

/** The address of a named route; unknown names give /mismatch rather than throwing in a render. */
export function pathFor(name: string, params?: Record<string, string | undefined>, query?: Record<string, string | undefined>): string {
  const def = byName.get(name);
  if (!def) return MISMATCH_PATH;
  try {
    return withQuery(fillPath(def.path, params), query);
  } catch {
    return MISMATCH_PATH;
  }
}

// The addresses the frame links to on its own, read from the table like every other.
/** The landing page (where a sign-out lands). */
export const INDEX_PATH = pathFor("index_shtml");
/** The login page: the login dialog over the landing page. */
export const LOGIN_PATH = pathFor("Login");
/** The same dialog on its register form. */
export const REGISTER_PATH = pathFor("Login", undefined, { type: "2" });
export const OFFICIAL_INDEX_PATH = pathFor("th_official_index");
export const BUSINESS_INDEX_PATH = pathFor("th_business_index");

export function queryOf(search: string): Query {
  return Object.fromEntries(new URLSearchParams(search).entries());
}

/** Where a redirect route sends this address, or null when the route is a page. */
export function resolveRedirect(pathname: string, search = "", subject?: RedirectInput["subject"]): RedirectTarget | null {
  const m = findRoute(pathname);
  if (!m?.def.redirect) return null;
  return m.def.redirect({ params: m.params, query: queryOf(search), subject });
}
