// The order centre's tab lists, each its own chunk. The route's loader starts the list of the tab
// the address (or the last visit) names together with the page's own code, so an order list
// opened directly arrives in one round of downloads after the shell, not in one more after the
// page has rendered.
import { isOrderTab, queryOf, type OrderTab } from "../access/routes";
import { sessionStore } from "../providers/session-store";

export const ORDER_TAB_KEY = "orderListType";

export const loadFlightOrderList = () => import("../resources/flight-orders/list").then((m) => ({ default: m.FlightOrderList }));
export const loadHotelOrderList = () => import("../resources/hotel-orders/list").then((m) => ({ default: m.HotelOrderList }));
export const loadTrainOrderList = () => import("../resources/train-orders/list").then((m) => ({ default: m.TrainOrderList }));

export function storedOrderTab(): OrderTab {
  const v = sessionStore().getItem(ORDER_TAB_KEY);
  return isOrderTab(v) ? v : "airTicket";
}

/** Starts downloading the list the order centre will open first (a failure is retried by the tab). */
export function preloadFirstOrderTab(): void {
  if (typeof window === "undefined") return;
  const named = queryOf(window.location.search).type;
  const tab = isOrderTab(named) ? named : storedOrderTab();
  void (tab === "hotel" ? loadHotelOrderList() : tab === "train" ? loadTrainOrderList() : loadFlightOrderList()).catch(() => undefined);
}
