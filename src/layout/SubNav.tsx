// The signed-in sub-nav: the account type, the workbench entries and the menu
// tree from the server. Items 4 and 33 are dropdowns; every other item links to its first visible
// child's route, or its own. Each entry is shown once the portal's own enforcer (Refine's
// accessControlProvider) allows it too: the bar keeps its loading state until both have answered.
import { Dropdown } from "antd";
import { DownOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { type MenuLink, type MenuNode } from "../access";
import { pathFor } from "../access/routes";
import type { MenusData } from "../providers/access-control";
import { useCanEach, type CanEach } from "../providers/use-can-each";
import { routeChain } from "./area-nav";
import { rootButtons } from "./session";
import { SubNavFrame } from "./SubNavFrame";
import { useTranslate } from "@refinedev/core";

export function linkOf(link: MenuLink | undefined): string | undefined {
  return link ? pathFor(link.name, undefined, link.query) : undefined;
}

/** Whether the node or a descendant is the current page (or a page it belongs under). */
function contains(node: MenuNode, current: string[]): boolean {
  return (!!node.route && current.includes(node.route)) || node.children.some((c) => contains(c, current));
}

const menuResource = (id: number) => `menu:${id}`;

function MenuItem({ node, current, can }: { node: MenuNode; current: string[]; can: CanEach }) {
  const active = contains(node, current) ? " is-active" : "";
  if (!can.allowed(menuResource(node.id))) return null;
  const children = node.children.filter((c) => can.allowed(menuResource(c.id)));
  if (node.dropdown) {
    if (!children.length) return null;
    const items = children.map((c) => ({ key: String(c.id), label: <Link to={linkOf(c.link) ?? "#"}>{c.name}</Link> }));
    return (
      <Dropdown menu={{ items }} placement="bottomLeft" trigger={["hover", "click"]}>
        <button type="button" className={`tp-hlink${active}`} aria-haspopup="menu">
          {node.name}
          <DownOutlined className="tp-subnav__caret" />
        </button>
      </Dropdown>
    );
  }
  const to = linkOf(node.link);
  return to ? (
    <Link to={to} className={`tp-hlink${active}`}>
      {node.name}
    </Link>
  ) : null;
}

interface SubNavProps {
  typeLabel: string;
  data: MenusData;
  loading: boolean;
  /** The current route; it and the pages it belongs under are highlighted. */
  routeName?: string;
  /** Whose answers these are (Refine caches access answers by their parameters). */
  userKey: string;
}

export default function SubNav({ typeLabel, data, loading, routeName, userKey }: SubNavProps) {
  const t = useTranslate();
  const current = routeName ? routeChain(routeName) : [];
  const buttons = rootButtons(data, t("route.workbenchHome"));
  const can = useCanEach(
    [...buttons.map((b) => `button:${b.key}`), ...data.menus.flatMap((n) => [n, ...n.children]).map((n) => menuResource(n.id))],
    { user: userKey },
  );
  // Nothing is shown until every entry is decided: no item appears only to vanish again.
  if (loading || can.loading) return <SubNavFrame typeLabel={typeLabel} loading />;
  return (
    <SubNavFrame typeLabel={typeLabel} loading={false}>
      {buttons.filter((b) => can.allowed(`button:${b.key}`)).map((b) => (
        <Link key={`b${b.id}`} to={pathFor(b.route!)} className={`tp-hlink${current.includes(b.route!) ? " is-active" : ""}`}>
          {b.name}
        </Link>
      ))}
      {data.menus.map((node) => (
        <MenuItem key={node.id} node={node} current={current} can={can} />
      ))}
    </SubNavFrame>
  );
}
