// Where the portal goes once a payment succeeded, by business type. Route names, not paths: the
// route table owns the paths.
import { BUSINESS_TYPE, type BusinessTypeName } from "./types";

export type PayRedirect =
  | {
      kind: "route";
      route: string;
      params?: (orderId: number, orderNo: string) => Record<string, string>;
      query?: (orderId: number, orderNo: string) => Record<string, string>;
      /** Whether the order's detail opens with a note that it is settled (paid, or confirmed where the brand confirms). */
      toast?: boolean;
    }
  | { kind: "callback" }
  | { kind: "none" };

const REDIRECTS: Readonly<Record<BusinessTypeName, PayRedirect>> = {
  recharge: { kind: "callback" },
  buffetCard: { kind: "route", route: "pay_finish" },
  dometicketOrderPay: { kind: "route", route: "air_order_finish", query: (orderId, orderNo) => ({ orderId: String(orderId), orderNo }) },
  changeTicket: { kind: "route", route: "OrderLists", query: () => ({ type: "airTicket" }) },
  hotelPay: { kind: "route", route: "HotelOrderDetails", params: (_id, orderNo) => ({ orderNo }), toast: true },
  trainPay: { kind: "route", route: "OrderLists", query: () => ({ type: "train" }) },
  trainChangeTicket: { kind: "route", route: "OrderLists", query: () => ({ type: "train" }) },
  upgrade: { kind: "none" },
  payAnnualFee: { kind: "none" },
  buyTicket: { kind: "none" },
  rewardsOut: { kind: "none" },
};

export function payRedirect(businessType: number | BusinessTypeName): PayRedirect {
  const name = typeof businessType === "number"
    ? (Object.entries(BUSINESS_TYPE).find(([, v]) => v === businessType)?.[0] as BusinessTypeName | undefined)
    : businessType;
  return (name && REDIRECTS[name]) || { kind: "none" };
}
