// "常用功能": the entry points a workbench offers, taken from the user's menus and header buttons
// as the server decides them (/member/menus, the same tree and rules as the header), so a page
// never offers what the user's menus do not allow.
import { entryById, type ButtonNode, type MenuNode } from "../../access";
import { pathFor, routeByName } from "../../access/routes";
import type { WorkbenchKind } from "./types";

export interface EntryLink {
  id: string;
  label: string;
  route: string;
  to: string;
}

export interface EntryGroup {
  id: string;
  title: string;
  links: EntryLink[];
}

/** The reply of POST /member/menus. */
export interface MenusReply {
  menus: MenuNode[];
  buttons: ButtonNode[];
}

/** The link of a named route (src/access/routes.ts); null when the table has no such route,
 *  so a workbench never offers a dead link. */
export function pathOf(routeName: string | undefined, query?: Record<string, string>): string | null {
  return routeName && routeByName(routeName) ? pathFor(routeName, undefined, query) : null;
}

export const WORKBENCH_ROUTE: Readonly<Record<WorkbenchKind, string>> = {
  company: "CompanyCentralIndex",
  travel: "TravelCentralIndex",
  personal: "PersonalCentralIndex",
  distribution: "DistributionCentralIndex",
};

/** The header buttons (workbenches, account centre) the user has, except the page itself. Only
 *  root buttons: the others (导入旅客 …) are actions inside their parent's page. */
export function buttonLinks(buttons: readonly ButtonNode[], kind: WorkbenchKind): EntryLink[] {
  const self = pathOf(WORKBENCH_ROUTE[kind]);
  return buttons
    .filter((b) => entryById(b.id)?.parentId === 0)
    .map((b) => ({ id: `button-${b.id}`, label: b.name, route: b.route ?? "", to: pathOf(b.route) ?? "" }))
    .filter((l) => l.to && l.to !== self);
}

/** Menu leaves under a node, in menu order. */
function leaves(node: MenuNode): MenuNode[] {
  return node.children.length ? node.children.flatMap(leaves) : [node];
}

/** Groups by menu area; top-level items and header buttons go first, as shortcuts. */
export function entryGroups({ menus, buttons }: MenusReply, kind: WorkbenchKind, shortcutsTitle: string): EntryGroup[] {
  const self = pathOf(WORKBENCH_ROUTE[kind]);
  const seen = new Set<string>(self ? [self] : []);
  const link = (id: string, label: string, route: string | undefined, query?: Record<string, string>): EntryLink | null => {
    const to = pathOf(route, query);
    if (!to || !route || seen.has(to)) return null;
    seen.add(to);
    return { id, label, route, to };
  };

  const shortcuts: EntryLink[] = [];
  for (const b of buttonLinks(buttons, kind)) {
    const l = link(b.id, b.label, b.route);
    if (l) shortcuts.push(l);
  }
  const groups: EntryGroup[] = [];
  for (const node of menus) {
    if (!node.children.length) {
      const l = link(`menu-${node.id}`, node.name, node.route, node.routeQuery);
      if (l) shortcuts.push(l);
      continue;
    }
    const links = leaves(node)
      .map((n) => link(`menu-${n.id}`, n.name, n.route, n.routeQuery))
      .filter((l): l is EntryLink => l !== null);
    if (links.length) groups.push({ id: `menu-${node.id}`, title: node.name, links });
  }
  return shortcuts.length ? [{ id: "shortcuts", title: shortcutsTitle, links: shortcuts }, ...groups] : groups;
}

/** Links of the given route names, in that order (a workbench's highlighted entries). */
export function pickLinks(groups: EntryGroup[], routes: readonly string[]): EntryLink[] {
  const all = groups.flatMap((g) => g.links);
  return routes.map((r) => all.find((l) => l.route === r)).filter((l): l is EntryLink => !!l);
}
