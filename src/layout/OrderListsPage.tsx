// OrderLists (/order/list): one page, four tabs. A `type` query (airTicket, gp, hotel, train) is
// stored as the active tab and removed from the address, so links
// from menus and old routes open the right tab and a reload keeps it. Only the open tab's list is
// mounted: its page and filters are in the address, and a change of tab starts the new list afresh.
import { lazy, Suspense, useLayoutEffect, useState } from "react";
import { Skeleton } from "antd";
import { Tabs } from "antd";
import { useLocation, useNavigate } from "react-router";
import { ORDER_TAB_KEY, loadFlightOrderList, loadHotelOrderList, loadTrainOrderList, storedOrderTab } from "./order-list-loaders";
import { isOrderTab, omit, queryOf, withQuery, type OrderTab } from "../access/routes";
import { sessionStore } from "../providers/session-store";
import { userKeyOf } from "../providers/access-control";
import { useCanEach } from "../providers/use-can-each";
import { usePortalUser, useSite } from "./session";
import { useTranslate } from "@refinedev/core";
import { WorkbenchFrame } from "./WorkbenchFrame";
import type { PageAction } from "./page-info";

const FlightOrderList = lazy(loadFlightOrderList);
const HotelOrderList = lazy(loadHotelOrderList);
const TrainOrderList = lazy(loadTrainOrderList);

// Each tab's texts are orderLists.tabs.<tab>.label / .empty / .action in the locale files.
const ACTIONS: Record<OrderTab, PageAction> = {
  airTicket: { label: "orderLists.tabs.airTicket.action", to: "DomesticAirTicketQuery" },
  gp: { label: "orderLists.tabs.gp.action", to: "DomesticAirTicketQuery", query: { gp: "1" } },
  hotel: { label: "orderLists.tabs.hotel.action", to: "hotel_index" },
  train: { label: "orderLists.tabs.train.action", to: "train_query_list" },
};

/** The tree items behind the tabs. */
const TAB_ITEMS: Record<OrderTab, string> = { airTicket: "menu:12", gp: "menu:13", hotel: "menu:14", train: "menu:15" };

export function OrderListsPage() {
  const t = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const user = usePortalUser();
  const site = useSite(user);
  const tabs = useCanEach(Object.values(TAB_ITEMS), { user: userKeyOf(user) ?? "guest" });
  const query = queryOf(location.search);
  const addressTab = isOrderTab(query.type) ? query.type : null;
  const [tab, setTab] = useState<OrderTab>(() => addressTab ?? storedOrderTab());
  // A tab named in the address (a link from elsewhere) is opened as the address changes to it.
  const [seenAddressTab, setSeenAddressTab] = useState(addressTab);
  if (addressTab !== seenAddressTab) {
    setSeenAddressTab(addressTab);
    if (addressTab) setTab(addressTab);
  }

  // Layout effect: the address is cleaned before the browser paints it.
  useLayoutEffect(() => {
    if (!isOrderTab(query.type)) return;
    sessionStore().setItem(ORDER_TAB_KEY, query.type);
    navigate(withQuery(location.pathname, omit(query, ["type"])) + location.hash, { replace: true, state: location.state });
  }, [location.search]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (key: string) => {
    if (!isOrderTab(key)) return;
    sessionStore().setItem(ORDER_TAB_KEY, key);
    setTab(key);
    // The old tab's page and filters (another product's status codes) must not carry over.
    if (location.search) navigate(location.pathname + location.hash, { state: location.state });
  };

  // A tab shows when its menu item (12-15) is visible to the user, e.g. a partner without item 13
  // has no government-fare tab, and the brand or partner has not switched its product off.
  const shown = (Object.keys(ACTIONS) as OrderTab[]).filter(
    (k) =>
      (k === "hotel" ? site.switches.hotel : k === "train" ? site.switches.train : site.switches.air) &&
      tabs.allowed(TAB_ITEMS[k]),
  );
  const active = shown.includes(tab) ? tab : (shown[0] ?? tab);
  return (
    <WorkbenchFrame routeName="OrderLists" query={{ type: active }}>
      <div className="tp-frame__card">
        {/* Until the tabs are decided, the list's own skeleton holds their place. */}
        {tabs.loading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <Tabs
            activeKey={active}
            onChange={select}
            destroyOnHidden
            items={shown.map((k) => ({
              key: k,
              label: t(`orderLists.tabs.${k}.label`),
              // The flight tabs are one list: 政府采购 orders in the government-fare tab, the others in 机票.
              children:
                k === "airTicket" || k === "gp" ? (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                    <FlightOrderList key={k} gp={k === "gp"} empty={t(`orderLists.tabs.${k}.empty`)} action={ACTIONS[k]} />
                  </Suspense>
                ) : k === "hotel" ? (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                    <HotelOrderList empty={t(`orderLists.tabs.${k}.empty`)} action={ACTIONS[k]} />
                  </Suspense>
                ) : (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                    <TrainOrderList empty={t(`orderLists.tabs.${k}.empty`)} action={ACTIONS[k]} />
                  </Suspense>
                ),
            }))}
          />
        )}
      </div>
    </WorkbenchFrame>
  );
}

export default OrderListsPage;
