// Test routes for the data provider: a small in-memory list of hotels paged, sorted and filtered
// the way the contract says (DESIGN §4), its CRUD paths, 401/403 routes and a custom echo; and
// exception events of one member for the real /api/event/list.
import { z } from "zod";
import { defineRoute } from "../../server/services/http/route";
import { BizError } from "../../server/services/http/envelope";
import { createSession } from "../../server/services/accounts/sessions";
import { zInt } from "../../src/domain/zod";
import { makeRecorder, startLiveServer, type LiveServer, type Seen } from "./live-server";

export interface Item {
  itemId: number;
  name: string;
  city: string;
  price: number;
  status: number;
  createTime: string;
}
export const CITIES = ["北京", "上海", "广州"];
const freshItems = (): Item[] =>
  Array.from({ length: 25 }, (_, i) => ({
    itemId: i + 1,
    name: `${i % 2 ? "商务" : "快捷"}酒店${i + 1}`,
    city: CITIES[i % 3],
    price: 100 + ((i * 37) % 25) * 10,
    status: i % 3,
    createTime: `2024-03-${String(i + 1).padStart(2, "0")}`,
  }));
/** The list the routes serve; tests reset it and read it back. */
export const store = { items: freshItems() };
export const resetItems = () => void (store.items = freshItems());

// What a list route does with the contract's fields (DESIGN §4).
function page(p: Record<string, string | undefined>) {
  let rows = store.items.filter(
    (it) =>
      (!p.city || it.city === p.city) &&
      (!p.name || it.name.includes(p.name)) &&
      (!p.status || p.status.split(",").map(Number).includes(it.status)) &&
      (!p.itemId || p.itemId.split(",").map(Number).includes(it.itemId)) &&
      (!p.priceStart || it.price >= Number(p.priceStart)) &&
      (!p.priceEnd || it.price <= Number(p.priceEnd)) &&
      (!p.createTimeStart || it.createTime >= p.createTimeStart) &&
      (!p.createTimeEnd || it.createTime <= p.createTimeEnd),
  );
  const key = (p.orderBy ?? "itemId") as keyof Item;
  const dir = p.orderType === "desc" ? -1 : 1;
  rows = [...rows].sort((a, b) => (a[key] > b[key] ? dir : a[key] < b[key] ? -dir : a.itemId - b.itemId));
  const pageNum = Number(p.pageNum ?? 1);
  const pageSize = Number(p.pageSize ?? 10);
  return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: String(rows.length), pageNum, pageSize };
}


const anything = z.looseObject({});

export async function startItemServer(): Promise<{ s: LiveServer; token: string }> {
  const s = await startLiveServer((seen: Seen[]) => {
    const record = makeRecorder(seen);
    const find = (id: unknown) => {
      const it = store.items.find((x) => x.itemId === Number(id));
      if (!it) throw new BizError(404, "记录不存在");
      return it;
    };
    return [
      defineRoute({ method: "POST", url: "/t/items/list", summary: "list", access: "public", input: anything, handler: ({ req, input }) => {
        record(req);
        return page(input as Record<string, string>);
      } }),
      defineRoute({ method: "GET", url: "/t/items/query", summary: "list by GET", access: "public", input: anything, handler: ({ req, input }) => {
        record(req);
        return { rows: page(input as Record<string, string>).list, total: 25 };
      } }),
      // A bill-like list: the page plus the totals of the whole filtered set.
      defineRoute({ method: "POST", url: "/t/items/billed", summary: "list with totals", access: "public", input: anything, handler: ({ req, input }) => {
        record(req);
        const p = page(input as Record<string, string>);
        return { ...p, totals: { priceFen: store.items.reduce((n, it) => n + it.price, 0) } };
      } }),
      defineRoute({ method: "POST", url: "/t/items/detail", summary: "one", access: "public", input: z.object({ itemId: zInt() }), handler: ({ req, input }) => {
        record(req);
        return find(input.itemId);
      } }),
      defineRoute({
        method: "POST",
        url: "/t/items/save",
        summary: "create",
        access: "public",
        input: z.object({ name: z.string().min(2, "名称至少 2 个字"), city: z.enum(CITIES, { error: "请选择城市" }), price: zInt({ min: 0, error: "价格须为非负整数" }) }).strict(),
        handler: ({ req, input }) => {
          record(req);
          const it = { itemId: store.items.length + 1, status: 0, createTime: "2024-04-01", ...input };
          store.items.push(it);
          return it.itemId;
        },
      }),
      defineRoute({ method: "POST", url: "/t/items/update", summary: "update", access: "public", input: z.object({ itemId: zInt(), name: z.string().min(2, "名称至少 2 个字").optional() }).strict(), handler: ({ req, input }) => {
        record(req);
        return Object.assign(find(input.itemId), input);
      } }),
      defineRoute({ method: "POST", url: "/t/items/delete", summary: "delete", access: "public", input: z.object({ itemId: zInt() }), handler: ({ req, input }) => {
        record(req);
        store.items = store.items.filter((x) => x !== find(input.itemId));
        return null;
      } }),
      defineRoute({ method: "POST", url: "/t/admin/list", summary: "403", access: "company-statistics", input: anything, handler: () => ({ list: [], total: 0 }) }),
      defineRoute({ method: "POST", url: "/t/mine/list", summary: "401", access: "member", input: anything, handler: () => ({ list: [], total: 0 }) }),
      ...(["GET", "POST"] as const).map((method) =>
        defineRoute({ method, url: "/t/stats", summary: "custom", access: "public", input: anything, handler: ({ req, input }) => ({ method: record(req).method, input }) }),
      ),
    ];
  });
  const m = await s.h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", "13800000010").executeTakeFirstOrThrow();
  const token = await createSession(s.h.db.db, m.id);
  const ev = (api: string, type: string, costTime: number, day: string) => ({
    memberId: m.id, api, type, httpCode: type === "API_TIMEOUT_EXCEPTION" ? 888 : 0, ret: null, param: "{}", response: "", costTime, device: "web", appVer: "1", userAgent: null, createTime: `2024-03-${day}T08:00:00.000Z`,
  });
  await s.h.db.db.insertInto("exception_events").values([
    ev("/hotel/search/list_credit", "API_TIMEOUT_EXCEPTION", 60000, "02"),
    ev("/hotel/order/detail", "API_TIMEOUT_EXCEPTION", 40000, "10"),
    ev("/hotel/order/book", "API_TIMEOUT_EXCEPTION", 50000, "20"),
    ev("/hotel/queryCity", "API_TIMEOUT_EXCEPTION", 45000, "31"),
    ev("/order/cancelOrder", "API_TIMEOUT_EXCEPTION", 30000, "15"),
    ev("/hotel/order/cancel", "API_CALL_EXCEPTION", 10, "15"),
    ev("/hotel/order/modify", "API_TIMEOUT_EXCEPTION", 70000, "29"),
  ]).execute();
  return { s, token };
}
