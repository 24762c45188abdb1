// OrderLists (/order/list): one page, four tabs. A `type` query (airTicket, gp, hotel, train) is
// stored as the active tab and removed from the address, so links
// from menus and old routes open the right tab and a reload keeps it.
import { lazy, Suspense, useLayoutEffect, useState } from "react";
import { Skeleton } from "antd";
import { Tabs } from "antd";

const FlightOrderList = lazy(() => import("../../resources/flight-orders/list").then((m) => ({ default: m.FlightOrderList })));
const HotelOrderList = lazy(() => import("../../resources/hotel-orders/list").then((m) => ({ default: m.HotelOrderList })));
const TrainOrderList = lazy(() => import("../../resources/train-orders/list").then((m) => ({ default: m.TrainOrderList })));
import { useLocation, useNavigate } from "react-router";
import { isOrderTab, omit, queryOf, withQuery, type OrderTab } from "../../access/routes";
import { sessionStore } from "../../providers/session-store";
import { useLang, usePortalUser, useSite } from "./session";
import { WorkbenchFrame, useAccess } from "./WorkbenchFrame";
import type { PageAction } from "./page-info";

export const ORDER_TAB_KEY = "orderListType";

const TABS: Record<OrderTab, { label: [string, string]; empty: [string, string]; action: PageAction }> = {
  airTicket: {
    label: ["机票订单", "Flight orders"],
    empty: ["暂无机票订单", "No flight orders yet"],
    action: { label: { zh: "预订机票", en: "Book a flight" }, to: "DomesticAirTicketQuery" },
  },
  gp: {
    label: ["公务机票订单", "Government-fare orders"],
    empty: ["暂无公务机票订单", "No government-fare flight orders yet"],
    action: { label: { zh: "预订公务机票", en: "Book a government fare" }, to: "DomesticAirTicketQuery", query: { gp: "1" } },
  },
  hotel: {
    label: ["酒店订单", "Hotel orders"],
    empty: ["暂无酒店订单", "No hotel orders yet"],
    action: { label: { zh: "预订酒店", en: "Book a hotel" }, to: "hotel_index" },
  },
  train: {
    label: ["火车票订单", "Train orders"],
    empty: ["暂无火车票订单", "No train orders yet"],
    action: { label: { zh: "预订火车票", en: "Book a train" }, to: "train_query_list" },
  },
};

/** The tree items behind the tabs. */
const TAB_ITEMS: Record<OrderTab, number> = { airTicket: 12, gp: 13, hotel: 14, train: 15 };

function storedTab(): OrderTab {
  const v = sessionStore().getItem(ORDER_TAB_KEY);
  return isOrderTab(v) ? v : "airTicket";
}

export function OrderListsPage() {
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const user = usePortalUser();
  const site = useSite(user);
  const access = useAccess();
  const query = queryOf(location.search);
  const [tab, setTab] = useState<OrderTab>(() => (isOrderTab(query.type) ? query.type : storedTab()));

  // Layout effect: the address is cleaned before the browser paints it.
  useLayoutEffect(() => {
    if (!isOrderTab(query.type)) return;
    sessionStore().setItem(ORDER_TAB_KEY, query.type);
    setTab(query.type);
    navigate(withQuery(location.pathname, omit(query, ["type"])) + location.hash, { replace: true, state: location.state });
  }, [location.search]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (key: string) => {
    if (!isOrderTab(key)) return;
    sessionStore().setItem(ORDER_TAB_KEY, key);
    setTab(key);
  };

  // A tab shows when its menu item (12-15) is visible to the user, e.g. a partner without item 13
  // has no government-fare tab, and the brand or partner has not switched its product off.
  const shown = (Object.keys(TABS) as OrderTab[]).filter(
    (k) =>
      (k === "hotel" ? site.switches.hotel : k === "train" ? site.switches.train : site.switches.air) &&
      (!access || access.can(user, `menu:${TAB_ITEMS[k]}`)),
  );
  const active = shown.includes(tab) ? tab : (shown[0] ?? tab);
  return (
    <WorkbenchFrame routeName="OrderLists" query={{ type: active }}>
      <div className="tp-frame__card">
        <Tabs
          activeKey={active}
          onChange={select}
          items={shown.map((k) => ({
            key: k,
            label: TABS[k].label[lang === "zh" ? 0 : 1],
            // The flight tabs are one list: 政府采购 orders in the government-fare tab, the others in 机票.
            children:
              k === "airTicket" || k === "gp" ? (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                  <FlightOrderList key={k} gp={k === "gp"} empty={TABS[k].empty[lang === "zh" ? 0 : 1]} action={TABS[k].action} />
                </Suspense>
              ) : k === "hotel" ? (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                  <HotelOrderList empty={TABS[k].empty[lang === "zh" ? 0 : 1]} action={TABS[k].action} />
                </Suspense>
              ) : (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                  <TrainOrderList empty={TABS[k].empty[lang === "zh" ? 0 : 1]} action={TABS[k].action} />
                </Suspense>
              ),
          }))}
        />
      </div>
    </WorkbenchFrame>
  );
}

export default OrderListsPage;
