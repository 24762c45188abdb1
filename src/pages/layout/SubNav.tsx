// The signed-in sub-nav: the account type, the workbench entries and the menu
// tree from the server. Items 4 and 33 are dropdowns; every other item links to its first visible
// child's route, or its own.
import { Dropdown } from "antd";
import { DownOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { type MenuLink, type MenuNode } from "../../access";
import { pathFor } from "../../access/routes";
import type { MenusData } from "../../providers/access-control";
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

function MenuItem({ node, current }: { node: MenuNode; current: string[] }) {
  const active = contains(node, current) ? " is-active" : "";
  if (node.dropdown && node.children.length) {
    const items = node.children.map((c) => ({ key: String(c.id), label: <Link to={linkOf(c.link) ?? "#"}>{c.name}</Link> }));
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
}

export default function SubNav({ typeLabel, data, loading, routeName }: SubNavProps) {
  const t = useTranslate();
  const current = routeName ? routeChain(routeName) : [];
  return (
    <SubNavFrame typeLabel={typeLabel} loading={loading}>
      {rootButtons(data, t("route.workbenchHome")).map((b) => (
        <Link key={`b${b.id}`} to={pathFor(b.route!)} className={`tp-hlink${current.includes(b.route!) ? " is-active" : ""}`}>
          {b.name}
        </Link>
      ))}
      {data.menus.map((node) => (
        <MenuItem key={node.id} node={node} current={current} />
      ))}
    </SubNavFrame>
  );
}
