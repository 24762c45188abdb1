// The data provider against the real server: test routes that page, sort and filter a small list
// and record what they received (item-routes.ts), plus the real /api/event/list with a real session.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HttpError } from "@refinedev/core";
import { configureRequest } from "../../src/providers/request";
import { setToken } from "../../src/providers/session-store";
import { createDataProvider, dataProvider, registerResourceEndpoints, relativePath } from "../../src/providers/data-provider";
import { closedPort, type LiveServer } from "./live-server";
import { resetItems, startItemServer, store } from "./item-routes";

let s: LiveServer;
let token: string;

beforeAll(async () => {
  ({ s, token } = await startItemServer());
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => {
  s.reset();
  resetItems();
});

const items$ = { list: "/t/items/list", one: "/t/items/detail", create: "/t/items/save", update: "/t/items/update", delete: "/t/items/delete", idField: "itemId" };
const dp = createDataProvider({
  items: items$,
  itemsByGet: { list: "/t/items/query", listField: "rows", method: "GET", idField: "itemId" },
  listOnly: { list: "/t/items/list", idField: "itemId" },
  billed: { list: "/t/items/billed", idField: "itemId" },
  admin: { list: "/t/admin/list" },
  mine: { list: "/t/mine/list" },
  events: { list: "/event/list" },
  lookup: { list: "/t/items/list", idField: "itemId", paged: false },
  actioned: { ...items$, update: "/t/items/nowhere", actions: { rename: "/t/items/update" } },
});
const sent = (i = 0) => {
  const { token: _t, timestamp: _ts, device: _d, ...rest } = (s.seen[i].method === "GET" ? s.seen[i].query : s.seen[i].body) as Record<string, unknown>;
  return rest;
};
const rejection = (p: Promise<unknown>) => p.then(() => { throw new Error("resolved"); }, (e: HttpError) => e);

describe("getList", () => {
  it("sends pageNum/pageSize and reads list/total (a string count too) back", async () => {
    const r = await dp.getList({ resource: "items", pagination: { currentPage: 3, pageSize: 10, mode: "server" } });
    expect(sent()).toEqual({ pageNum: "3", pageSize: "10" });
    expect(r.total).toBe(25);
    expect(r.data.map((x) => x.itemId)).toEqual([21, 22, 23, 24, 25]);
    expect(r.data[0]).toMatchObject({ id: 21, itemId: 21, name: "快捷酒店21" });
  });

  it("passes a reply's totals of the filtered set on beside the page (a list without them has none)", async () => {
    const r = await dp.getList({ resource: "billed", pagination: { currentPage: 1, pageSize: 5 } });
    expect(r.data).toHaveLength(5);
    expect(r.totals).toEqual({ priceFen: store.items.reduce((n, it) => n + it.price, 0) });
    expect((await dp.getList({ resource: "items" })).totals).toBeUndefined();
  });

  it("defaults to page 1 of 10, and asks for a whole page when paging is client-side or off", async () => {
    expect((await dp.getList({ resource: "items" })).data).toHaveLength(10);
    await dp.getList({ resource: "items", pagination: { mode: "off" } });
    const c = await dp.getList({ resource: "items", pagination: { mode: "client", currentPage: 2, pageSize: 5 } });
    expect([sent(0), sent(1), sent(2)]).toEqual([
      { pageNum: "1", pageSize: "10" },
      { pageNum: "1", pageSize: "100" },
      { pageNum: "1", pageSize: "100" },
    ]);
    expect(c.data).toHaveLength(25);
  });

  it("sends the first sorter as orderBy/orderType", async () => {
    const r = await dp.getList({ resource: "items", sorters: [{ field: "price", order: "desc" }, { field: "name", order: "asc" }], pagination: { pageSize: 5 } });
    expect(sent()).toEqual({ pageNum: "1", pageSize: "5", orderBy: "price", orderType: "desc" });
    const prices = r.data.map((x) => x.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices[0]).toBe(Math.max(...store.items.map((x) => x.price)));
  });

  it("translates eq, contains, in, between, gte and lte to named fields", async () => {
    const r = await dp.getList({
      resource: "items",
      pagination: { pageSize: 100 },
      filters: [
        { field: "city", operator: "eq", value: "北京" },
        { field: "name", operator: "contains", value: "商务" },
        { field: "status", operator: "in", value: [0, 2] },
        { field: "createTime", operator: "between", value: ["2024-03-02", new Date("2024-03-20T00:00:00.000Z")] },
        { operator: "and", value: [{ field: "price", operator: "gte", value: 150 }, { field: "price", operator: "lte", value: 300 }] },
        { field: "unused", operator: "eq", value: "" },
      ],
    });
    expect(sent()).toEqual({
      pageNum: "1",
      pageSize: "100",
      city: "北京",
      name: "商务",
      status: "0,2",
      createTimeStart: "2024-03-02",
      createTimeEnd: "2024-03-20T00:00:00.000Z",
      priceStart: "150",
      priceEnd: "300",
    });
    const expected = store.items.filter((x) => x.city === "北京" && x.name.includes("商务") && [0, 2].includes(x.status) && x.price >= 150 && x.price <= 300 && x.createTime >= "2024-03-02" && x.createTime <= "2024-03-20T");
    expect(expected.length).toBeGreaterThan(0);
    expect(r.data.map((x) => x.itemId)).toEqual(expected.map((x) => x.itemId));
    expect(r.total).toBe(expected.length);
  });

  it("sends one-sided ranges alone, and rejects filters the API cannot express", async () => {
    await dp.getList({ resource: "items", filters: [{ field: "price", operator: "between", value: [null, 200] }] });
    expect(sent()).toEqual({ pageNum: "1", pageSize: "10", priceEnd: "200" });
    for (const filter of [
      { field: "city", operator: "ne", value: "北京" },
      { operator: "or", value: [{ field: "city", operator: "eq", value: "北京" }] },
    ] as const) {
      expect(await rejection(dp.getList({ resource: "items", filters: [filter as never] }))).toMatchObject({ statusCode: 400 });
    }
    expect(s.seen).toHaveLength(1);
  });

  it("uses GET and a custom listField when the map says so", async () => {
    const r = await dp.getList({ resource: "itemsByGet", pagination: { currentPage: 2, pageSize: 4 }, filters: [{ field: "city", operator: "eq", value: "上海" }] });
    expect(s.seen[0]).toMatchObject({ method: "GET", body: null });
    expect(sent()).toEqual({ pageNum: "2", pageSize: "4", city: "上海" });
    expect(r.total).toBe(25);
    expect(r.data.map((x) => x.id)).toEqual(store.items.filter((x) => x.city === "上海").slice(4, 8).map((x) => x.itemId));
  });

  it("pages, sorts and filters the real /api/event/list of the signed-in member", async () => {
    setToken(token);
    const params = {
      resource: "events",
      sorters: [{ field: "costTime", order: "asc" as const }],
      filters: [
        { field: "type", operator: "eq" as const, value: "API_TIMEOUT_EXCEPTION" },
        { field: "api", operator: "contains" as const, value: "hotel" },
        { field: "createTime", operator: "between" as const, value: ["2024-03-05", "2024-03-30"] },
      ],
    };
    const p1 = await dp.getList({ ...params, pagination: { currentPage: 1, pageSize: 2 } });
    const p2 = await dp.getList({ ...params, pagination: { currentPage: 2, pageSize: 2 } });
    expect(p1.total).toBe(3);
    expect(p1.data.map((x) => x.api)).toEqual(["/hotel/order/detail", "/hotel/order/book"]);
    expect(p2.data.map((x) => [x.api, x.costTime])).toEqual([["/hotel/order/modify", 70000]]);
    expect(p2.total).toBe(3);
  });
});

describe("records", () => {
  it("getOne sends the idField and gives the record an id", async () => {
    const r = await dp.getOne({ resource: "items", id: 7 });
    expect(s.seen[0].url).toBe("/api/t/items/detail");
    expect(sent()).toEqual({ itemId: "7" });
    expect(r.data).toMatchObject({ id: 7, itemId: 7, name: "快捷酒店7" });
  });

  it("create posts the values; a reply of just the new id becomes the record", async () => {
    const r = await dp.create({ resource: "items", variables: { name: "新酒店", city: "广州", price: 320 } });
    expect(s.seen[0]).toMatchObject({ url: "/api/t/items/save", method: "POST" });
    expect(sent()).toEqual({ name: "新酒店", city: "广州", price: "320" });
    expect(r.data).toEqual({ id: 26, itemId: 26, name: "新酒店", city: "广州", price: 320 });
    expect(store.items.at(-1)).toMatchObject({ itemId: 26, name: "新酒店" });
  });

  it("update posts the values with the id and returns the server's record", async () => {
    const r = await dp.update({ resource: "items", id: 3, variables: { name: "改名酒店" } });
    expect(sent()).toEqual({ itemId: "3", name: "改名酒店" });
    expect(r.data).toMatchObject({ id: 3, itemId: 3, name: "改名酒店", city: "广州" });
  });

  it("deleteOne posts the id; an empty reply still names the record", async () => {
    const r = await dp.deleteOne({ resource: "items", id: 4 });
    expect(s.seen[0].url).toBe("/api/t/items/delete");
    expect(sent()).toEqual({ itemId: "4" });
    expect(r.data).toEqual({ id: 4, itemId: 4 });
    expect(store.items.some((x) => x.itemId === 4)).toBe(false);
  });

  it("getMany reads each id through the detail path, or filters the list by ids without one", async () => {
    const a = await dp.getMany!({ resource: "items", ids: [2, 5] });
    expect(a.data.map((x) => x.name)).toEqual(["商务酒店2", "快捷酒店5"]);
    expect(s.seen.map((x) => x.url)).toEqual(["/api/t/items/detail", "/api/t/items/detail"]);
    s.seen.length = 0;
    const b = await dp.getMany!({ resource: "listOnly", ids: [9, 1] });
    expect(sent()).toEqual({ itemId: "9,1", pageNum: "1", pageSize: "2" });
    expect(b.data.map((x) => x.id)).toEqual([1, 9]);
  });

  it("uses resources registered later through the app's provider", async () => {
    registerResourceEndpoints("hotels", items$);
    expect((await dataProvider.getOne({ resource: "hotels", id: 1 })).data).toMatchObject({ id: 1, itemId: 1 });
  });

  it("an unpaged lookup sends no paging, sorting or filter fields", async () => {
    await dp.getList({ resource: "lookup", pagination: { mode: "off" }, sorters: [{ field: "name", order: "asc" }] });
    expect(s.seen[0].url).toBe("/api/t/items/list");
    expect(sent()).toEqual({});
  });

  it("an update naming an action (meta.updateAction) posts to that action's path", async () => {
    await dp.update({ resource: "actioned", id: 3, variables: { name: "改名酒店" }, meta: { updateAction: "rename" } });
    expect(s.seen[0].url).toBe("/api/t/items/update");
    expect(sent()).toEqual({ itemId: "3", name: "改名酒店" });
    expect(await rejection(dp.update({ resource: "actioned", id: 3, variables: {}, meta: { updateAction: "missing" } }))).toMatchObject({ statusCode: 501 });
  });

  it("a missing endpoint is an error without a call", async () => {
    expect(await rejection(dp.getOne({ resource: "admin", id: 1 }))).toMatchObject({ statusCode: 501 });
    expect(s.raw).toEqual([]);
  });
});

describe("custom and getApiUrl", () => {
  it("getApiUrl is the request layer's base URL", () => {
    expect(dp.getApiUrl()).toBe(s.baseURL);
  });

  it("custom GET sends query, sorters and filters as query parameters", async () => {
    const r = await dp.custom!({ url: "/t/stats", method: "get", query: { year: 2024 }, sorters: [{ field: "amount", order: "asc" }], filters: [{ field: "dept", operator: "in", value: ["a", "b"] }] });
    expect(r.data).toMatchObject({ method: "GET", input: { year: "2024", orderBy: "amount", orderType: "asc", dept: "a,b" } });
  });

  it("custom POST (and other verbs) send the payload as a form, a full URL trimmed to its path", async () => {
    const r = await dp.custom!({ url: `${dp.getApiUrl()}/t/stats`, method: "put", payload: { list: [{ name: "x" }] } });
    expect(s.seen[0]).toMatchObject({ url: "/api/t/stats", method: "POST" });
    expect(sent()).toEqual({ "list.0.name": "x" });
    expect(r.data).toMatchObject({ method: "POST", input: { list: [{ name: "x" }] } });
  });

  it("custom POST with meta.json sends the payload as JSON (an uploaded file's base64)", async () => {
    const r = await dp.custom!({ url: "/t/stats", method: "post", payload: { file: "UEsDBA+/=" }, meta: { json: true } });
    expect(s.seen[0].contentType).toBe("application/json");
    expect(sent()).toEqual({ file: "UEsDBA+/=" });
    expect(r.data).toMatchObject({ method: "POST", input: { file: "UEsDBA+/=" } });
  });

  it("with the default relative base, a catalogue path that starts with /api/ is kept as written", () => {
    configureRequest({ baseURL: "/api" });
    try {
      // /api/v1/trip_manager/… is a catalogue path (the server mounts it at /api/api/v1/…).
      expect(relativePath("/api/v1/trip_manager/air_city_search")).toBe("/api/v1/trip_manager/air_city_search");
      expect(relativePath("/hotel/queryCity")).toBe("/hotel/queryCity");
    } finally {
      configureRequest({ baseURL: s.baseURL });
    }
    expect(relativePath(`${s.baseURL}/t/stats`)).toBe("/t/stats");
  });
});

describe("errors as Refine HttpErrors", () => {
  it("ret 400 becomes statusCode 400 with the server's field errors, and nothing is shown twice", async () => {
    const e = await rejection(dp.create({ resource: "items", variables: { name: "x", city: "深圳", price: -1 } }));
    expect(e.statusCode).toBe(400);
    expect(e.message).toBe("名称至少 2 个字");
    expect(e.errors).toEqual({ name: "名称至少 2 个字", city: "请选择城市", price: "价格须为非负整数" });
    expect(s.ui.error).not.toHaveBeenCalled();
  });

  it("a bad sort field on the real event list is a 400 naming orderBy", async () => {
    setToken(token);
    const e = await rejection(dp.getList({ resource: "events", sorters: [{ field: "param", order: "asc" }] }));
    expect(e).toMatchObject({ statusCode: 400, message: "不支持的排序字段", errors: { orderBy: "不支持的排序字段" } });
  });

  it("ret 401 becomes statusCode 401 (the request layer still sends the user to log in)", async () => {
    const e = await rejection(dp.getList({ resource: "mine" }));
    expect(e).toMatchObject({ statusCode: 401, message: "登录已过期，请重新登录" });
    expect(s.ui.navigate).toHaveBeenCalledWith("/view/login.shtml");
  });

  it("ret 403 becomes statusCode 403", async () => {
    setToken(token);
    expect(await rejection(dp.getList({ resource: "admin" }))).toMatchObject({ statusCode: 403, message: "您没有权限执行此操作" });
  });

  it("other business rets keep their number", async () => {
    expect(await rejection(dp.getOne({ resource: "items", id: 999 }))).toMatchObject({ statusCode: 404, message: "记录不存在" });
  });

  it("a network failure becomes statusCode 500 with kind network, shown once by Refine only", async () => {
    configureRequest({ baseURL: `http://127.0.0.1:${await closedPort()}/api` });
    const e = await rejection(dp.getList({ resource: "items" }));
    expect(e).toMatchObject({ statusCode: 500, kind: "network", message: expect.stringContaining("ECONNREFUSED") });
    expect(s.ui.error).not.toHaveBeenCalled();
  });
});
