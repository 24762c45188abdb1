// Combines the Casbin type check with the attribute rules into per-item decisions, and builds
// the header's menu tree from them. Takes the check as a function so it stays enforcer-agnostic.
import { VIEW, menuObject } from "./model";
import { menuLabel, partnerAllows, passesItemRules, subjectKey, type AccessSubject } from "./rules";
import {
  DROPDOWN_IDS, PERMISSION_TREE, ancestorsOf, entriesForRoute, type Lang, type PermissionEntry,
} from "./tree";

/** Type-level decision (Casbin): subject key, object, action. */
export type Check = (sub: string, obj: string, act: string) => boolean;

export interface MenuLink {
  name: string;
  query?: Record<string, string>;
}

export interface MenuNode {
  id: number;
  parentId: number;
  name: string;
  route?: string;
  routeQuery?: Record<string, string>;
  /** Where a click goes: the first visible child's link, else the item's own route. */
  link?: MenuLink;
  dropdown: boolean;
  sort: number;
  breadcrumb: string[];
  children: MenuNode[];
}

export interface ButtonNode {
  id: number;
  key: string;
  name: string;
  route?: string;
}

const menuChildren = (id: number) => PERMISSION_TREE.filter((e) => e.parentId === id && e.permissionType === "menu");

/** Type, partner and attribute rules for the entry alone (no ancestors, no children). */
function ownAllowed(check: Check, subject: AccessSubject | null | undefined, e: PermissionEntry): boolean {
  return check(subjectKey(subject), menuObject(e.id), VIEW) && partnerAllows(e.id, subject) && passesItemRules(e.id, subject);
}

/**
 * Whether the user sees the entry: it and all its ancestors pass, and a container (an entry
 * with menu children) keeps at least one visible menu child, so no empty menu is shown.
 */
export function itemVisible(check: Check, subject: AccessSubject | null | undefined, e: PermissionEntry): boolean {
  if (!ownAllowed(check, subject, e)) return false;
  if (!ancestorsOf(e.id).every((a) => ownAllowed(check, subject, a))) return false;
  const kids = menuChildren(e.id);
  return kids.length === 0 || kids.some((k) => itemVisible(check, subject, k));
}

function nodeFor(
  check: Check, subject: AccessSubject | null | undefined, e: PermissionEntry, lang: Lang, trail: string[],
): MenuNode {
  const name = menuLabel(e, subject, lang);
  const breadcrumb = [...trail, name];
  const children = menuChildren(e.id)
    .filter((k) => itemVisible(check, subject, k))
    .sort((a, b) => a.sort - b.sort)
    .map((k) => nodeFor(check, subject, k, lang, breadcrumb));
  const own: MenuLink | undefined = e.permissionUrl ? { name: e.permissionUrl, query: e.routeQuery } : undefined;
  return {
    id: e.id,
    parentId: e.parentId,
    name,
    route: e.permissionUrl,
    routeQuery: e.routeQuery,
    link: children[0]?.link ?? own,
    dropdown: DROPDOWN_IDS.includes(e.id),
    sort: e.sort,
    breadcrumb,
    children,
  };
}

/** The menu entries the user sees, nested, sorted by sort, renames applied. */
export function buildMenuTree(check: Check, subject: AccessSubject | null | undefined, lang: Lang = "zh"): MenuNode[] {
  return menuChildren(0)
    .filter((e) => itemVisible(check, subject, e))
    .sort((a, b) => a.sort - b.sort)
    .map((e) => nodeFor(check, subject, e, lang, []));
}

/** Button entries the tree grants the user (the stored button list is checked by canButton). */
export function treeButtons(check: Check, subject: AccessSubject | null | undefined, lang: Lang = "zh"): ButtonNode[] {
  return PERMISSION_TREE.filter((e) => e.permissionType === "button" && e.permissionId && itemVisible(check, subject, e))
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((e) => ({ id: e.id, key: e.permissionId as string, name: menuLabel(e, subject, lang), route: e.permissionUrl }));
}

const queryMatches = (want: Record<string, string> | undefined, have: Record<string, string> | undefined) =>
  !!want && !!have && Object.entries(have).every(([k, v]) => want[k] === v);

/**
 * Breadcrumb names for a route: the entry matching the query (e.g. OrderLists type=hotel),
 * else one the subject can see, else the first; renames for the subject applied.
 */
export function breadcrumbOf(
  check: Check, routeName: string, lang: Lang = "zh",
  opts: { subject?: AccessSubject | null; query?: Record<string, string> } = {},
): string[] {
  const entries = entriesForRoute(routeName);
  const subject = opts.subject;
  const pick =
    entries.find((e) => queryMatches(opts.query, e.routeQuery)) ??
    (subject !== undefined ? entries.find((e) => itemVisible(check, subject, e)) : undefined) ??
    entries[0];
  if (!pick) return [];
  return [...ancestorsOf(pick.id), pick].map((e) => menuLabel(e, subject, lang));
}
