// The frame of every signed-in page: the area's left navigation (antd Menu), a breadcrumb from
// the permission tree, the page title, and the page itself, or a 403 when the user may not open
// it. Workbench pages and AreaPage both render inside it.
import { useState, type ReactNode } from "react";
import { Breadcrumb, Menu, Skeleton, Spin, type MenuProps } from "antd";
import { Link, useLocation, useNavigate } from "react-router";
import { useCan, useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { getAccess, type Access, type Lang } from "../access";
import { pathFor, queryOf, routeByName } from "../access/routes";
import { userKeyOf } from "../providers/access-control";
import { useCanEach } from "../providers/use-can-each";
import { usePageTitle } from "../pages/usePageTitle";
import { filterNav, hrefOf, navFor, navRoutes, routeChain, selection, type NavItem } from "./area-nav";
import { pageTitle, parentOf, type Translate } from "./page-info";
import { rootButtons, useLang, useMenus, usePortalUser, useSite, type PortalUser } from "./session";
import { Forbidden } from "./StatePages";
import "./layout.css";

export interface WorkbenchFrameProps {
  routeName: string;
  children?: ReactNode;
  /** Overrides the title from the tree / page map. */
  title?: ReactNode;
  /** Right of the title: page actions. */
  extra?: ReactNode;
  /** Query that picks the breadcrumb and nav item (e.g. the active OrderLists tab). */
  query?: Record<string, string>;
  /** False when the page heads itself (e.g. a titled card), so the title is not shown twice. */
  showTitle?: boolean;
}

/**
 * The shared Access, loaded once (the Casbin enforcer builds asynchronously). For the breadcrumb's
 * names only: whether something is shown is asked through useCan / useCanEach.
 */
export function useAccess(): Access | undefined {
  return useQuery({ queryKey: ["portal", "access"], queryFn: getAccess, staleTime: Infinity, structuralSharing: false }).data;
}

interface Crumb {
  title: string;
  to?: string;
}

function trail(access: Access | undefined, name: string, lang: Lang, t: Translate, user: PortalUser | null, query: Record<string, string>): Crumb[] {
  const tree = access?.breadcrumbFor(name, lang, { subject: user, query }) ?? [];
  if (tree.length) return tree.map((title) => ({ title }));
  const parent = parentOf(name, query);
  const own = { title: pageTitle(name, t) };
  if (!parent) return [own];
  // The page's query picks the parent's entry too (a hotel order detail sits under 酒店订单).
  const up = trail(access, parent, lang, t, user, query);
  up[up.length - 1] = { ...up[up.length - 1], to: pathFor(parent) };
  return [...up, own];
}

function toMenuItems(items: NavItem[]): MenuProps["items"] {
  return items.map((i) => ({
    key: i.key,
    icon: i.icon,
    // The whole name on hover: a long one (English, mostly) is cut short to the navigation's width.
    label: i.children ? <span title={i.label}>{i.label}</span> : <Link to={hrefOf(i) ?? "#"} title={i.label}>{i.label}</Link>,
    children: i.children ? toMenuItems(i.children) : undefined,
  }));
}

export function WorkbenchFrame({ routeName, children, title, extra, query: queryOverride, showTitle = true }: WorkbenchFrameProps) {
  const t = useTranslate();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const user = usePortalUser();
  const site = useSite(user);
  const { data, loading: menusLoading } = useMenus(user);
  const access = useAccess();
  const userKey = userKeyOf(user) ?? "guest";
  // Through Refine's accessControlProvider; the user key keeps one user's answers from another's.
  const can = useCan({ resource: routeName, action: "view", params: { user: userKey } });

  const area = routeByName(routeName)?.area;
  const query = queryOverride ?? queryOf(location.search);
  const crumbs = trail(access, routeName, lang, t, user, query);
  const shownTitle = title ?? (routeName === "OrderLists" && crumbs.length > 1 ? crumbs[0].title : pageTitle(routeName, t));
  usePageTitle(`${typeof shownTitle === "string" ? shownTitle : pageTitle(routeName, t)}${t("documentTitle.suffix")}`);

  // Fixed lists (account, booking) can hold pages this user may not open, e.g. AccountCenter for 70.
  const fullNav = navFor(area, data, site, t);
  const pages = useCanEach([...navRoutes(fullNav), "AccountCenter"], { user: userKey });
  const allowed = pages.allowed;
  const nav = pages.loading ? [] : filterNav(fullNav, allowed);
  const { selected, open } = selection(nav, routeName, query);
  // The frame stays mounted across pages: open the new page's group, keep what the user opened.
  const [openKeys, setOpenKeys] = useState<string[]>(open);
  const openSig = open.join();
  const [seenOpenSig, setSeenOpenSig] = useState(openSig);
  if (openSig !== seenOpenSig) {
    setSeenOpenSig(openSig);
    if (openSig) setOpenKeys((prev) => [...new Set([...prev, ...openSig.split(",")])]);
  }
  const home = area === "workbench" ? rootButtons(data, t("route.workbenchHome"))[0] : undefined;
  const areaRoot: Crumb | undefined =
    home && !routeChain(routeName, query).includes(home.route!)
      ? { title: home.name, to: pathFor(home.route!) }
      : area === "account" && routeName !== "AccountCenter" && allowed("AccountCenter")
        ? { title: pageTitle("AccountCenter", t), to: pathFor("AccountCenter") }
        : undefined;
  const items = [{ title: t("route.home"), to: "/" }, ...(areaRoot ? [areaRoot] : []), ...crumbs].map((c, i, all) => ({
    title: c.to && i < all.length - 1 ? <Link to={c.to}>{c.title}</Link> : c.title,
  }));

  const forbidden = can.data?.can === false;
  // The workbench's navigation comes with the menus from the server: its column is kept from the
  // start, so the page beside it does not move over when they arrive.
  const navPending = nav.length === 0 && (menusLoading || (pages.loading && fullNav.length > 0));
  return (
    <div className={`tp-container tp-frame${nav.length || navPending ? "" : " tp-frame--plain"}`}>
      {navPending && (
        <aside className="tp-frame__nav" aria-busy="true" aria-label={t(`route.area.${area}`)}>
          <div className="tp-frame__nav-title">{t(`route.area.${area}`)}</div>
          <Skeleton className="tp-frame__nav-skeleton" active title={false} paragraph={{ rows: 6, width: "100%" }} />
        </aside>
      )}
      {nav.length > 0 && (
        <aside className="tp-frame__nav" aria-label={t(`route.area.${area}`)}>
          <div className="tp-frame__nav-title">{t(`route.area.${area}`)}</div>
          <Menu
            mode="inline"
            items={toMenuItems(nav)}
            selectedKeys={selected}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            onClick={({ key, domEvent }) => {
              // A click on the label's own link has navigated already; the rest of the row has not.
              if ((domEvent.target as HTMLElement).closest("a")) return;
              const item = nav.flatMap((i) => [i, ...(i.children ?? [])]).find((i) => i.key === key);
              const href = item && hrefOf(item);
              if (href) navigate(href);
            }}
          />
        </aside>
      )}
      <section className="tp-frame__main" data-page={routeName} data-access={forbidden ? "forbidden" : can.data ? "granted" : "pending"}>
        <Breadcrumb items={items} />
        {showTitle || extra ? (
          <div className="tp-frame__head">
            {showTitle && <h1 className="tp-frame__title">{shownTitle}</h1>}
            {!forbidden && extra}
          </div>
        ) : (
          <div className="tp-frame__gap" />
        )}
        {forbidden ? (
          <div className="tp-frame__card">
            <Forbidden />
          </div>
        ) : can.data ? (
          children
        ) : (
          <div className="tp-frame__state" aria-busy="true">
            <Spin />
          </div>
        )}
      </section>
    </div>
  );
}

export default WorkbenchFrame;
