// Train search APIs on a fresh database: stations, the train list, transfers; bad input; seats
// taken by a hold and given back by its release.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { caller, day, generatedMarks, SEED, startTravel, stopTravel, TODAY } from "./inventory-helpers";
import { suppliersFor } from "../../server/suppliers";
import type { TrainItem, TrainTransfer } from "../../src/domain/travel/types";
import { minutesOf } from "../../src/domain/travel/dates";

let h: Harness;
let call: ReturnType<typeof caller>;
const LIST = "/api/v1/train/train_list";
const ctx = { today: TODAY, agreedServiceFee: null };

beforeAll(async () => {
  h = await startTravel();
  call = caller(h);
});
afterAll(() => stopTravel(h));

describe("station search", () => {
  it("finds stations by Chinese, pinyin, initials and telegraph code", async () => {
    expect((await call("/api/v1/train/station_search", { keyword: "bjn" })).data[0]).toMatchObject({ name: "北京南", code: "VNP", cityName: "北京" });
    expect((await call("/api/v1/train/station_search", { keyword: "shanghaihongqiao" })).data[0].name).toBe("上海虹桥");
    expect((await call("/api/v1/train/station_search", { keyword: "AOH" })).data[0].name).toBe("上海虹桥");
    const names = (await call("/api/v1/train/station_search", { keyword: "广州" })).data.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(["广州", "广州南", "广州东"]));
    const hot = (await call("/api/v1/train/station_search", {})).data;
    expect(hot.length).toBeGreaterThan(10);
    expect(hot.every((s: { hot: boolean }) => s.hot)).toBe(true);
  });
});

describe("train list", () => {
  it("an English caller reads the train types, seat classes and availability in English", async () => {
    const res = await h.app.inject({
      method: "POST", url: `/api${LIST}`,
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "en-US" },
      payload: new URLSearchParams({ fromStation: "北京", toStation: "上海", depDate: day(6) }).toString(),
    });
    const list = (res.json() as { data: { list: TrainItem[] } }).data.list;
    const types = new Set(list.map((t) => t.trainTypeName));
    expect(types.has("High-speed")).toBe(true);
    const cjk = /[\u3400-\u9fff]/;
    for (const t of list) {
      expect(t.trainTypeName).not.toMatch(cjk);
      for (const seat of t.seats) expect(`${seat.seatName} ${seat.availability}`).not.toMatch(cjk);
    }
  });

  it("lists trains between two cities with seats per class, fares and stops", async () => {
    const r = await call(LIST, { fromStation: "北京", toStation: "上海", depDate: day(6) });
    expect(r.ret).toBe(0);
    const list: TrainItem[] = r.data.list;
    expect(list.length).toBeGreaterThan(5);
    expect(r.data.facets.trainTypes).toEqual(expect.arrayContaining(["G", "Z"]));
    for (const t of list) {
      expect(t.depDate).toBe(day(6));
      expect(["北京", "北京南", "北京西", "北京朝阳", "北京北"]).toContain(t.fromStation);
      expect(["上海", "上海虹桥", "上海南"]).toContain(t.toStation);
      expect(t.distanceKm).toBeGreaterThan(1000);
      const stops = t.stops.map((s) => s.station);
      expect(stops.indexOf(t.fromStation)).toBeLessThan(stops.indexOf(t.toStation));
      for (const s of t.seats) {
        expect(s.price % 50).toBe(0);
        expect(s.availability).toBe(s.left <= 0 ? "无" : s.left > 20 ? "有" : String(s.left));
      }
    }
    const g = list.find((t) => t.trainType === "G")!;
    expect(g.seats.map((s) => s.seatName)).toEqual(["商务座", "一等座", "二等座", "无座"]);
    const z = list.find((t) => t.trainType === "Z")!;
    expect(z.seats.map((s) => s.seatName)).toEqual(["软卧", "硬卧", "硬座", "无座"]);
    // A high-speed train is faster than an overnight one over the same cities.
    expect(g.durationMin).toBeLessThan(z.durationMin);
    const times = list.map((t) => minutesOf(t.depTime)!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("filters by train type, station and time window, and sorts by duration", async () => {
    const g = (await call(LIST, { fromStation: "北京", toStation: "上海", depDate: day(6), trainTypes: "G,D" })).data.list as TrainItem[];
    expect(g.length).toBeGreaterThan(0);
    expect(g.every((t) => t.trainType === "G" || t.trainType === "D")).toBe(true);
    const south = (await call(LIST, { fromStation: "北京", toStation: "上海", depDate: day(6), fromStations: "北京南" })).data.list as TrainItem[];
    expect(south.every((t) => t.fromStation === "北京南")).toBe(true);
    const evening = (await call(LIST, { fromStation: "北京", toStation: "上海", depDate: day(6), depTimeStart: "17:00" })).data.list as TrainItem[];
    expect(evening.every((t) => t.depTime >= "17:00")).toBe(true);
    const quick = (await call(LIST, { fromStation: "北京", toStation: "上海", depDate: day(6), orderBy: "duration" })).data.list as TrainItem[];
    expect(quick.map((t) => t.durationMin)).toEqual(quick.map((t) => t.durationMin).sort((a, b) => a - b));
  });

  it("suggests transfers through a third city with a workable connection", async () => {
    const r = await call("/api/v1/train/train_transfer", { fromStation: "北京", toStation: "昆明", depDate: day(6) });
    expect(r.ret).toBe(0);
    const list: TrainTransfer[] = r.data;
    expect(list.length).toBeGreaterThan(0);
    for (const t of list) {
      expect(t.first.toStation === t.second.fromStation ? t.connection.minutes >= 15 : t.connection.minutes >= 60).toBe(true);
      expect(t.connection.minutes).toBeLessThanOrEqual(360);
      expect(t.second.toStation.startsWith("昆明")).toBe(true);
    }
    const durations = list.map((t) => t.totalDurationMin);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });
});

describe("bad input", () => {
  it("answers each with its Chinese message and generates nothing", async () => {
    const before = await generatedMarks(h);
    const cases: [string, Record<string, string | number>, string][] = [
      [LIST, { fromStation: "火星", toStation: "上海", depDate: day(3) }, "未知的出发站：火星"],
      [LIST, { fromStation: "北京", toStation: "月球", depDate: day(3) }, "未知的到达站：月球"],
      [LIST, { fromStation: "北京南", toStation: "北京南", depDate: day(3) }, "出发站和到达站不能相同"],
      [LIST, { fromStation: "北京南", toStation: "北京西", depDate: day(3) }, "出发地和到达地不能是同一城市"],
      [LIST, { fromStation: "北京", toStation: "上海", depDate: day(-2) }, "出发日期不能早于今天"],
      [LIST, { fromStation: "北京", toStation: "上海", depDate: day(90) }, "出发日期只能选择今天起 60 天内"],
      [LIST, { fromStation: "北京", toStation: "上海", depDate: day(3), trainTypes: "X" }, "车次类型只能是 G、D、C、Z、T、K"],
      [LIST, { fromStation: "", toStation: "上海", depDate: day(3) }, "请选择出发站"],
      ["/api/v1/train/train_transfer", { fromStation: "北京", toStation: "北京", depDate: day(3) }, "出发站和到达站不能相同"],
    ];
    for (const [url, body, msg] of cases) expect(await call(url, body), JSON.stringify(body)).toMatchObject({ ret: 400, msg });
    expect(await generatedMarks(h)).toBe(before);
  });
});

describe("holds", () => {
  const supplier = () => suppliersFor(h.db.db, SEED).train;
  const remaining = async (runDate: string, trainNo: string, seatClass: string) =>
    (await h.db.db.selectFrom("train_seats").select("remaining").where("runDate", "=", runDate).where("trainNo", "=", trainNo).where("seatClass", "=", seatClass).executeTakeFirstOrThrow()).remaining;

  it("takes seats on hold and gives them back on release; refunds return them too", async () => {
    const t: TrainItem = (await call(LIST, { fromStation: "北京南", toStation: "上海虹桥", depDate: day(4), trainTypes: "G" })).data.list[0];
    const second = t.seats.find((s) => s.seatClass === "O")!;
    const stored = await remaining(t.runDate, t.trainNo, "O");
    const hold = await supplier().hold(t.trainKey, "O", 2, ctx);
    expect(hold).toMatchObject({ product: "train", status: "held", quantity: 2, amount: (second.price + 500) * 2 });
    expect(await remaining(t.runDate, t.trainNo, "O")).toBe(stored - 2);
    await supplier().cancel(hold.holdId);
    expect(await remaining(t.runDate, t.trainNo, "O")).toBe(stored);
    const issued = await supplier().hold(t.trainKey, "O", 1, ctx);
    await supplier().confirm(issued.holdId);
    expect(await remaining(t.runDate, t.trainNo, "O")).toBe(stored - 1);
    const refund = await supplier().refund(issued.holdId, ctx);
    // 4 days out: 5 % of the fare, to half a yuan.
    expect(refund.fee).toBe(Math.floor((Math.floor((second.price * 5) / 100) + 25) / 50) * 50);
    expect(refund.refund).toBe(second.price - refund.fee);
    expect(await remaining(t.runDate, t.trainNo, "O")).toBe(stored);
  });
});
