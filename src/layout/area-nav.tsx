// The left navigation of each area (route table 'area'): the workbench follows the user's
// menu tree from the server; the account and booking areas are fixed lists.
import type { ReactNode } from "react";
import {
  AccountBookOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BellOutlined, EnvironmentOutlined, FileDoneOutlined,
  FileTextOutlined, FormOutlined, HomeOutlined, IdcardOutlined, KeyOutlined, ProfileOutlined, SafetyOutlined, SettingOutlined,
  TeamOutlined, ThunderboltOutlined, UserOutlined, WalletOutlined,
} from "@ant-design/icons";
import { ROUTE_ALIASES, type MenuNode } from "../access";
import { pathFor, type Area } from "../access/routes";
import type { MenusData } from "../providers/access-control";
import { Glyph } from "../pages/index/icons";
import { pageTitle, parentOf, type Translate } from "./page-info";
import { rootButtons, type Site } from "./session";

export interface NavItem {
  key: string;
  label: string;
  icon?: ReactNode;
  route?: string;
  query?: Record<string, string>;
  children?: NavItem[];
}

const TOP_ICONS: Record<number, ReactNode> = {
  2: <UserOutlined />,
  11: <ProfileOutlined />,
  4: <TeamOutlined />,
  16: <SettingOutlined />,
  22: <FormOutlined />,
  25: <AuditOutlined />,
  28: <ThunderboltOutlined />,
  33: <AccountBookOutlined />,
};

function fromNode(n: MenuNode, top: boolean): NavItem {
  const kids = n.children.map((c) => fromNode(c, false));
  return {
    key: `m${n.id}`,
    label: n.name,
    icon: top ? TOP_ICONS[n.id] : undefined,
    route: kids.length ? undefined : n.route,
    query: n.routeQuery,
    children: kids.length ? kids : undefined,
  };
}

export function workbenchNav(data: MenusData, homeLabel: string): NavItem[] {
  const homes = rootButtons(data, homeLabel).map((b) => ({ key: `b${b.id}`, label: b.name, icon: <AppstoreOutlined />, route: b.route }));
  return [...homes, ...data.menus.map((n) => fromNode(n, true))];
}

// A page may name its title's text key: titles kept with the first paint are only the ones
// the frame needs before any page's texts arrive; account pages come with theirs.
const ACCOUNT_ITEMS: [string, ReactNode, string?][] = [
  ["AccountCenter", <HomeOutlined />],
  ["self_info", <IdcardOutlined />],
  ["setting", <SafetyOutlined />],
  ["my_wallet", <WalletOutlined />],
  ["recharge_index", <BankOutlined />],
  ["address_list", <EnvironmentOutlined />],
  ["invoice_management", <FileTextOutlined />],
  ["expense_proof", <FileDoneOutlined />],
  ["message_centre", <BellOutlined />],
  ["notice_settings", <SettingOutlined />, "noticeSettings.mine.title"],
  ["pay_authorization_code", <KeyOutlined />],
];

export function accountNav(t: Translate): NavItem[] {
  return ACCOUNT_ITEMS.map(([route, icon, title]) => ({ key: `r:${route}`, label: title ? t(title) : pageTitle(route, t), icon, route }));
}

/** antd spaces menu icons by their anticon class; the product glyphs are plain SVGs. */
const glyph = (name: "flight" | "train" | "hotel") => (
  <span className="anticon">
    <Glyph name={name} size={15} />
  </span>
);

export function bookingNav(site: Site, t: Translate): NavItem[] {
  const s = site.switches;
  const items: (NavItem | false)[] = [
    s.air && { key: "r:DomesticAirTicketQuery", label: pageTitle("DomesticAirTicketQuery", t), icon: glyph("flight"), route: "DomesticAirTicketQuery" },
    s.air && { key: "r:intl_flight_query_list", label: pageTitle("intl_flight_query_list", t), icon: glyph("flight"), route: "intl_flight_query_list" },
    s.train && { key: "r:train_query_list", label: pageTitle("train_query_list", t), icon: glyph("train"), route: "train_query_list" },
    s.hotel && { key: "r:hotel_index", label: pageTitle("hotel_index", t), icon: glyph("hotel"), route: "hotel_index" },
    { key: "r:OrderLists", label: pageTitle("OrderLists", t), icon: <ProfileOutlined />, route: "OrderLists" },
  ];
  return items.filter((i): i is NavItem => !!i);
}

export function navFor(area: Area | undefined, data: MenusData, site: Site, t: Translate): NavItem[] {
  if (area === "workbench") return workbenchNav(data, t("route.workbenchHome"));
  if (area === "account") return accountNav(t);
  if (area === "booking") return bookingNav(site, t);
  return [];
}

/** The pages the items lead to (each asked of the access-control provider). */
export function navRoutes(items: NavItem[]): string[] {
  return items.flatMap((i) => (i.children ? navRoutes(i.children) : i.route ? [i.route] : []));
}

/** Drops the items whose page the user may not open, and groups left empty. */
export function filterNav(items: NavItem[], allowed: (route: string) => boolean): NavItem[] {
  return items.flatMap((i) => {
    if (i.children) {
      const children = filterNav(i.children, allowed);
      return children.length ? [{ ...i, children }] : [];
    }
    return !i.route || allowed(i.route) ? [i] : [];
  });
}

/** The route and the pages it belongs under: itself, its PAGE_INFO parents, its tree alias. */
export function routeChain(name: string, query: Record<string, string> = {}): string[] {
  const chain: string[] = [];
  let cur: string | undefined = name;
  while (cur && !chain.includes(cur)) {
    chain.push(cur);
    if (ROUTE_ALIASES[cur]) chain.push(ROUTE_ALIASES[cur]);
    cur = parentOf(cur, cur === name ? query : {});
  }
  return chain;
}

function flatten(items: NavItem[], parents: string[] = []): { item: NavItem; parents: string[] }[] {
  return items.flatMap((i) => [{ item: i, parents }, ...flatten(i.children ?? [], [...parents, i.key])]);
}

/** The item to highlight (closest page in the chain; for OrderLists the tab too) and its groups. */
export function selection(items: NavItem[], routeName: string, query: Record<string, string>): { selected: string[]; open: string[] } {
  const all = flatten(items).filter((x) => x.item.route);
  for (const name of routeChain(routeName, query)) {
    const hits = all.filter((x) => x.item.route === name);
    const hit = hits.find((x) => x.item.query && Object.entries(x.item.query).every(([k, v]) => query[k] === v)) ?? hits[0];
    if (hit) return { selected: [hit.item.key], open: hit.parents };
  }
  return { selected: [], open: [] };
}

export function hrefOf(item: NavItem): string | undefined {
  return item.route ? pathFor(item.route, undefined, item.query) : undefined;
}
