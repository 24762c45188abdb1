// The flight orders the benches grow their databases with: one 北京–上海 economy ticket each, a
// passenger from a few common names, in the statuses orders spend most of their life in.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../server/db/schema";
import type { OrdersTable } from "../server/db/tables/orders";

/** Mostly ticketed (2), some issuing (3), refunded (6), unpaid (1) and cancelled (12). */
export const BENCH_STATUSES = [2, 2, 2, 2, 2, 3, 6, 6, 1, 12];
const NAMES = ["张伟", "王芳", "李娜", "刘洋", "陈静", "杨帆", "黄磊", "赵敏", "周杰", "吴昊"];
const FEES = { constructionFeeFen: 5_000, fuelSurchargeFen: 2_000, serviceFeeFen: 2_000 };

export interface BenchOrder {
  orderNo: string;
  clientKey: string;
  memberId: number;
  companyId: number | null;
  bookerMemberId: number;
  travellerMemberId: number | null;
  gp: number;
  status: number;
  ticketFen: number;
  /** Booked at (UTC ISO). */
  at: string;
}

export function benchFlightOrder(o: BenchOrder): Insertable<OrdersTable> {
  const { at, ...rest } = o;
  return {
    ...rest, ...FEES, product: "air", insuranceFen: 0, totalFen: o.ticketFen + FEES.constructionFeeFen + FEES.fuelSurchargeFen + FEES.serviceFeeFen,
    fareKey: "bench", holdId: null, depDate: at.slice(0, 10), title: "北京-上海 CA1501",
    snapshot: JSON.stringify({ flight: { flightNo: "CA1501", depCityName: "北京", arrCityName: "上海", depTime: "08:00" }, seat: { cabinClassName: "经济舱", cabinCode: "Y" } }),
    contactName: "联系人", contactMobile: "13800000000", expiresAt: null, createTime: at, updateTime: at,
  };
}

/** Inserts the orders and each one's passenger in one transaction; `rand(n)` picks the names. */
export async function insertBenchOrders(db: Kysely<Database>, orders: Insertable<OrdersTable>[], rand: (n: number) => number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = await trx.insertInto("orders").values(orders).returning(["id", "ticketFen"]).execute();
    await trx
      .insertInto("order_passengers")
      .values(ids.map((o) => ({ orderId: o.id, name: NAMES[rand(NAMES.length)], psgType: "ADT", certType: 1, certNo: "11010519491231002X", birthday: null, mobile: null, tktPriceFen: o.ticketFen, consTaxFen: FEES.constructionFeeFen, fuelTaxFen: FEES.fuelSurchargeFen, servFeeFen: FEES.serviceFeeFen, insuType: null, insuPayPriceFen: 0 })))
      .execute();
  });
}
