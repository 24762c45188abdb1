// Shapes and builders of the route table. Pure data: no React, so the route
// guard, the layout, the tests and (if ever needed) the server read the same table.
import type { AccessSubject } from "../rules";

/** 'bare': the old header and footer are hidden. */
export type Chrome = "portal" | "bare";
/** Transparent overlay (index, one activity page), white, or the blue bar. */
export type HeaderStyle = "transparent" | "white" | "default";
/**
 * The workbench area whose left navigation frames the page: 'workbench' (the permission tree:
 * orders, people, travel management, approvals, bills), 'account' (the user's own account pages)
 * or 'booking' (flight, train and hotel search and order pages). Pages without an area have none.
 */
export type Area = "workbench" | "account" | "booking";

export type Params = Record<string, string | undefined>;
export type Query = Record<string, string>;

export interface RedirectInput {
  params: Params;
  query: Query;
  /** The signed-in user, when known: lets /myCenter/index pick the workbench that fits. */
  subject?: AccessSubject | null;
}

export interface RedirectTarget {
  path: string;
  query?: Query;
  state?: Record<string, unknown>;
}

export interface RouteDef {
  /** react-router 7 pattern; optional params end the pattern (':type?'). */
  path: string;
  /** The spec's route name; unnamed routes use their last path segment (made unique). */
  name: string;
  /** requireAuth: true unless the route is public ("no auth"). */
  auth: boolean;
  chrome: Chrome;
  headerStyle: HeaderStyle;
  area?: Area;
  /** Old addresses that live on as links from outside: compute where they land now. */
  redirect?: (input: RedirectInput) => RedirectTarget;
}

type Options = Partial<Omit<RouteDef, "path" | "name">>;

export function route(path: string, name: string, options: Options = {}): RouteDef {
  return { path, name, auth: true, chrome: "portal", headerStyle: "default", ...options };
}

/** Substitutes ':x' / ':x?' in a pattern; a missing optional segment is dropped. */
export function fillPath(pattern: string, params: Params = {}): string {
  const out = pattern
    .split("/")
    .map((seg) => {
      if (!seg.startsWith(":")) return seg;
      const key = seg.replace(/^:|\?$/g, "");
      const value = params[key];
      if (value === undefined || value === "") {
        if (seg.endsWith("?")) return null;
        throw new Error(`route ${pattern}: missing param ${key}`);
      }
      return encodeURIComponent(value);
    })
    .filter((s): s is string => s !== null)
    .join("/");
  return out || "/";
}

/** The query without the given keys (a redirect consumes them, e.g. gpFlag, noteType). */
export function omit(query: Query, keys: readonly string[]): Query {
  return Object.fromEntries(Object.entries(query).filter(([k]) => !keys.includes(k)));
}

/** The OrderLists tabs. */
export const ORDER_TABS = ["airTicket", "gp", "hotel", "train"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export function isOrderTab(value: unknown): value is OrderTab {
  return typeof value === "string" && (ORDER_TABS as readonly string[]).includes(value);
}
