// The two ways of buying a train ticket on a fresh database (SQLite, or PostgreSQL with
// DATABASE_URL): 免账号购票 records channel "nab"; 12306账号购票 signs in to the member's own
// 12306 account (the sandbox's accounts hold the member's saved travellers), books only its
// 常用联系人 and records channel "ab" with the account's name, while the password is kept
// nowhere: no table, event or job holds it. A malformed account, or a passenger the account does
// not have, is refused with nothing written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownTables, type Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, count, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { TRAIN_ORDER_PATHS as P } from "../../src/domain/orders/train-types";
import { idCardCheckChar } from "../../src/domain/validators";
import type { TrainItem, TrainSeat } from "../../src/domain/travel/types";

let h: Harness;
const tokens: Record<string, string> = {};
/** 13800000020 keeps three travellers (王芳, 陈立, the child 陈小雨); 13800000010 none. */
const FAMILY = "13800000020";
const SOLO = "13800000010";
const LIST = "/api/v1/train/train_list";
const ACCOUNT = "wangfang_12306";
const PASSWORD = "Qz8_secret!x";

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  for (const m of [FAMILY, SOLO]) tokens[m] = await login(h.app, m);
});
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

async function api(who: string | null, url: string, body: Record<string, string | number> = {}) {
  return (await call(h.app, url, who ? { ...body, token: tokens[who] } : body)).body;
}

let keys = 0;
const clientKey = () => `train-channel-${++keys}-${Date.now()}`;
const idNo = (first17: string) => first17 + idCardCheckChar(first17);

async function pick(): Promise<{ train: TrainItem; seat: TrainSeat }> {
  const list: TrainItem[] = (await api(null, LIST, { fromStation: "北京", toStation: "上海", depDate: day(6), trainTypes: "G" })).data.list;
  for (const train of list) {
    const seat = train.seats.find((s) => s.seatClass === "O" && s.left >= 5);
    if (seat) return { train, seat };
  }
  throw new Error("no train with seats");
}

type Person = { name: string; certNo: string; type?: "adult" | "child" };
function form(p: { train: TrainItem; seat: TrainSeat }, people: Person[], extra: Record<string, string> = {}) {
  const body: Record<string, string | number> = { trainKey: p.train.trainKey, seatClass: "O", clientKey: clientKey(), contactName: "王芳", contactMobile: FAMILY, ...extra };
  people.forEach((w, i) => {
    body[`passengers.${i}.name`] = w.name;
    body[`passengers.${i}.certType`] = 1;
    body[`passengers.${i}.certNo`] = w.certNo;
    body[`passengers.${i}.passengerType`] = w.type ?? "adult";
  });
  return body;
}

const WANG_FANG = { name: "王芳", certNo: idNo("31011519880412002") };
const STRANGER = { name: "张三", certNo: idNo("11010519900307100") };

async function written() {
  return {
    orders: await count(h.db.db, "orders"), trains: await count(h.db.db, "train_orders"), passengers: await count(h.db.db, "train_order_passengers"),
    events: await count(h.db.db, "order_events"), jobs: await count(h.db.db, "jobs"), holds: await count(h.db.db, "inventory_holds"),
  };
}

/** Every row of every table, as text: the password must appear in none. */
async function everything(): Promise<string> {
  const out: string[] = [];
  for (const name of await ownTables(h.db)) out.push(JSON.stringify(await h.db.db.selectFrom(name as never).selectAll().execute()));
  return out.join("\n");
}

describe("12306账号 sign-in", () => {
  it("answers the account's 常用联系人: the member's saved travellers with a certificate the railway takes", async () => {
    const r = await api(FAMILY, P.signIn12306, { account12306: ACCOUNT, password12306: PASSWORD });
    expect(r.ret, r.msg).toBe(0);
    expect(r.data.account12306).toBe(ACCOUNT);
    expect(r.data.passengers.map((x: { name: string; certType: number; passengerType: string }) => [x.name, x.certType, x.passengerType])).toEqual([
      ["王芳", 1, "adult"],
      ["陈立", 1, "adult"],
      ["陈小雨", 1, "child"],
    ]);
    expect(r.data.passengers[0].certNo).toBe(WANG_FANG.certNo);
    // The account's mobile number signs in too; a member without travellers has an empty account.
    const solo = await api(SOLO, P.signIn12306, { account12306: "13912345678", password12306: PASSWORD });
    expect(solo.ret, solo.msg).toBe(0);
    expect(solo.data.passengers).toEqual([]);
  });

  it("refuses a malformed account or password with the field's message", async () => {
    for (const [account12306, password12306, field, message] of [
      ["1abcdef", PASSWORD, "account12306", "12306账号须为字母开头"],
      ["abc", PASSWORD, "account12306", "12306账号须为字母开头"],
      ["zhang-san", PASSWORD, "account12306", "12306账号须为字母开头"],
      [`a${"b".repeat(30)}`, PASSWORD, "account12306", "12306账号须为字母开头"],
      [ACCOUNT, "12345", "password12306", "12306密码须为 6–20 位"],
      [ACCOUNT, "x".repeat(21), "password12306", "12306密码须为 6–20 位"],
      [ACCOUNT, "", "password12306", "请填写12306密码"],
    ] as const) {
      const r = await api(FAMILY, P.signIn12306, { account12306, password12306 });
      expect(r.ret, `${account12306} / ${password12306.length}`).toBe(400);
      expect(r.data.errors[field]).toContain(message);
    }
    expect((await api(null, P.signIn12306, { account12306: ACCOUNT, password12306: PASSWORD })).ret).toBe(401);
  });
});

describe("booking by channel", () => {
  it("12306账号购票 books the account's passenger, keeps the account's name and never the password", async () => {
    const p = await pick();
    const r = await api(FAMILY, P.book, form(p, [WANG_FANG], { channel: "ab", account12306: ACCOUNT, password12306: PASSWORD }));
    expect(r.ret, r.msg).toBe(0);
    const d = (await api(FAMILY, P.detail, { orderId: r.data.id })).data;
    expect(d).toMatchObject({ channel: "ab", account12306: ACCOUNT, passengerNames: ["王芳"] });
    const list = (await api(FAMILY, P.list, { pageNum: 1, pageSize: 10 })).data.list;
    expect(list.find((x: { id: number }) => x.id === r.data.id)).toMatchObject({ channel: "ab", account12306: ACCOUNT });
    const all = await everything();
    expect(all).toContain(ACCOUNT);
    expect(all).not.toContain(PASSWORD);
  });

  it("refuses a passenger who is not one of the account's, or a malformed account, and writes nothing", async () => {
    const p = await pick();
    const before = await written();
    const stranger = await api(FAMILY, P.book, form(p, [WANG_FANG, STRANGER], { channel: "ab", account12306: ACCOUNT, password12306: PASSWORD }));
    expect(stranger.ret).toBe(400);
    expect(stranger.msg).toBe("乘客 张三 不在该12306账号的常用联系人中");
    expect(stranger.data.errors["passengers.1.name"]).toBe(stranger.msg);
    for (const extra of <Record<string, string>[]>[
      { channel: "ab", account12306: "9wangfang", password12306: PASSWORD },
      { channel: "ab", account12306: ACCOUNT, password12306: "short" },
      { channel: "ab", account12306: ACCOUNT },
      { channel: "ab" },
      { channel: "nab", account12306: ACCOUNT, password12306: PASSWORD },
      { channel: "xyz" },
    ]) {
      const r = await api(FAMILY, P.book, form(p, [WANG_FANG], extra));
      expect(r.ret, JSON.stringify(extra)).toBe(400);
    }
    expect(await written()).toEqual(before);
    expect(await everything()).not.toContain(PASSWORD);
  });

  it("免账号购票 records channel nab; the ordinary page none; both show no account", async () => {
    const p = await pick();
    const nab = await api(SOLO, P.book, { ...form(p, [STRANGER], { channel: "nab" }), contactMobile: SOLO });
    expect(nab.ret, nab.msg).toBe(0);
    expect((await api(SOLO, P.detail, { orderId: nab.data.id })).data).toMatchObject({ channel: "nab", account12306: null });
    const plain = await api(SOLO, P.book, { ...form(p, [{ ...STRANGER, certNo: idNo("11010519900307101") }]), contactMobile: SOLO });
    expect(plain.ret, plain.msg).toBe(0);
    expect((await api(SOLO, P.detail, { orderId: plain.data.id })).data).toMatchObject({ channel: null, account12306: null });
  });
});
