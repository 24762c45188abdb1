// The columns of an orders bill, the same on screen and in the spreadsheet. Each product's bill
// describes its own trip: a flight its route and fare with taxes, a hotel its stay, a train its
// train and seat; the mixed company bill keeps the route and date every product has. A company
// bill adds what the traveller paid themself (超标自付), so 结算金额 is the company's part.
import type { ExportColumn } from "./exports";
import type { BillDefinition, OrderBillRow } from "./bills";

type Col = ExportColumn<OrderBillRow>;

const money = (key: Col["key"], header: string, width?: number): Col => ({ key, header, kind: "money", ...(width ? { width } : {}) });

const HEAD: Col[] = [
  { key: "orderNo", header: "订单号", kind: "text", width: 22 },
  { key: "createTime", header: "预订时间", kind: "datetime" },
];
const PRODUCT: Col = { key: "productName", header: "产品", kind: "text", width: 10 };
const PEOPLE: Col[] = [
  { key: "bookerName", header: "预订人", kind: "text", width: 10 },
  { key: "departmentName", header: "部门", kind: "text", width: 10 },
  { key: "passengerNames", header: "出行人", kind: "text", width: 16 },
];
const STATUS: Col = { key: "statusName", header: "订单状态", kind: "text", width: 12 };

const TRIP: Col[] = [
  { key: "title", header: "行程", kind: "text", width: 24 },
  { key: "depDate", header: "出发日期", kind: "date" },
];
const STAY: Col[] = [
  { key: "hotelName", header: "酒店", kind: "text", width: 24 },
  { key: "cityName", header: "城市", kind: "text", width: 10 },
  { key: "checkIn", header: "入住日期", kind: "date" },
  { key: "checkOut", header: "离店日期", kind: "date" },
  { key: "nights", header: "间夜", kind: "int", width: 8 },
  { key: "roomCount", header: "房间数", kind: "int", width: 8 },
];
const TRAIN: Col[] = [
  { key: "trainNo", header: "车次", kind: "text", width: 10 },
  { key: "fromStation", header: "出发站", kind: "text", width: 12 },
  { key: "toStation", header: "到达站", kind: "text", width: 12 },
  { key: "seatName", header: "席别", kind: "text", width: 10 },
  { key: "departure", header: "发车时间", kind: "text", width: 18 },
];

const FLIGHT_MONEY: Col[] = [money("ticketFen", "票价（元）"), money("taxFen", "税费（元）"), money("serviceFeeFen", "服务费（元）"), money("insuranceFen", "保险（元）")];
const HOTEL_MONEY: Col[] = [money("ticketFen", "房费（元）"), money("serviceFeeFen", "服务费（元）")];
const TRAIN_MONEY: Col[] = [money("ticketFen", "票价（元）"), money("serviceFeeFen", "服务费（元）")];

/** The columns of one orders bill, in the order the page and the spreadsheet show them. */
export function orderBillColumns(bill: Pick<BillDefinition, "product" | "scope">): Col[] {
  const [trip, fees] = bill.product === "hotel" ? [STAY, HOTEL_MONEY] : bill.product === "train" ? [TRAIN, TRAIN_MONEY] : [TRIP, FLIGHT_MONEY];
  return [
    ...HEAD,
    ...(bill.product ? [] : [PRODUCT]),
    ...PEOPLE,
    ...trip,
    STATUS,
    ...fees,
    money("totalFen", "订单金额（元）", 16),
    ...(bill.scope === "company" ? [money("selfPayFen", "个人自付（元）", 16)] : []),
    money("settledFen", "结算金额（元）", 16),
  ];
}

/** The money columns an orders bill's summary row totals: every money column it shows. */
export const orderTotalKeys = (bill: Pick<BillDefinition, "product" | "scope">): string[] =>
  orderBillColumns(bill).filter((c) => c.kind === "money").map((c) => c.key);
