// The hotel and train bills on a fresh database (SQLite, or PostgreSQL with DATABASE_URL): a
// distributor books and pays a hotel stay and a train ticket through the real calls, and each
// bill lists its own trip — the hotel, city, check-in and check-out, nights and rooms; the train,
// stations, seat class and departure — never the flight bill's route, fare and taxes, on the
// page and in its spreadsheet alike. An unpaid order is left out unless its status is asked for.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel } from "./inventory-helpers";
import { call, downloadExport, freshClient, givePayPassword, login, PAY_PASSWORD_MD5 } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { HOTEL_ORDER_PATHS as HP } from "../../src/domain/orders/hotel-types";
import { TRAIN_ORDER_PATHS as TP } from "../../src/domain/orders/train-types";
import { BUSINESS_TYPE, PAY_PATHS as PAY, requestVerify } from "../../src/domain/payments";
import { BILLS, billExcelPath, billListPath, orderBillColumns, type BillName } from "../../src/domain/bills";
import type { HotelListItem, RoomPrice, TrainItem } from "../../src/domain/travel/types";

let h: Harness;
let token = "";
let memberId = 0;
const WHO = "13800000040";

beforeAll(async () => {
  h = await startTravel();
  freshClient();
  token = await login(h.app, WHO);
  memberId = (await h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", WHO).executeTakeFirstOrThrow()).id;
  await h.db.db.updateTable("wallets").set({ balanceFen: 10_000_000 }).where("memberId", "=", memberId).execute();
  await givePayPassword(h.db.db, [memberId]);
});
afterAll(() => stopTravel(h));
beforeEach(() => setClock(() => NOW));

const api = async (url: string, body: Record<string, string | number> = {}) => (await call(h.app, url, { ...body, token })).body;

async function pay(orderId: number, businessType: number) {
  const t = await api(PAY.create, { orderId, method: "wallet" });
  expect(t.ret, t.msg).toBe(0);
  const r = await api(PAY.wallet, { payPassword: PAY_PASSWORD_MD5, outTradeNo: t.data.outTradeNo, requestVerify: requestVerify(memberId, t.data.outTradeNo), businessType });
  expect(r.ret, r.msg).toBe(0);
}

/** Two rooms for two nights in the first Shanghai hotel with two rooms left. */
async function bookHotel(n: number) {
  const stay = { checkIn: day(n), checkOut: day(n + 2) };
  const list: HotelListItem[] = (await api("/hotel/search/list_credit", { cityCode: "3101", ...stay, pageSize: 20 })).data.list;
  for (const hotel of list) {
    const rooms: RoomPrice[] = (await api("/hotel/search/priceinfo_credit", { hotelId: hotel.hotelId, ...stay })).data.rooms;
    const room = rooms.find((r) => r.bookable && r.roomsLeft >= 2);
    if (!room) continue;
    const r = await api(HP.book, {
      hotelId: hotel.hotelId, roomTypeId: room.roomTypeId, ...stay, roomCount: 2, price: room.total * 2, clientKey: `bill-hotel-${n}`,
      contactName: "孙立", contactMobile: WHO, arrivalTime: "18:00", "guests.0.name": "孙立", "guests.1.name": "孙小",
    });
    expect(r.ret, r.msg).toBe(0);
    return { id: r.data.id as number, orderNo: r.data.orderNo as string, hotelName: hotel.name, stay };
  }
  throw new Error("no hotel with two rooms");
}

async function bookTrain() {
  const list: TrainItem[] = (await call(h.app, "/api/v1/train/train_list", { fromStation: "北京", toStation: "上海", depDate: day(6) })).body.data.list;
  const train = list.find((t) => t.seats.some((s) => s.left >= 1))!;
  const seat = train.seats.find((s) => s.left >= 1)!;
  const r = await api(TP.book, {
    trainKey: train.trainKey, seatClass: seat.seatClass, clientKey: "bill-train-1", contactName: "孙立", contactMobile: WHO,
    "passengers.0.name": "孙立", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X", "passengers.0.passengerType": "adult",
  });
  expect(r.ret, r.msg).toBe(0);
  return { id: r.data.id as number, orderNo: r.data.orderNo as string, train, seat };
}

async function sheetOf(name: BillName) {
  const start = await api(billExcelPath(name), {});
  expect(start.ret, start.msg).toBe(0);
  let view = start.data;
  for (let i = 0; i < 2000 && view.status === "running"; i++) {
    await new Promise((r) => setTimeout(r, 25));
    view = (await api("/export/status", { taskId: start.data.taskId })).data;
  }
  expect(view.status).toBe("done");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await downloadExport(h.app, token, view)).rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0];
}

const FLIGHT_HEADERS = ["行程", "出发日期", "税费（元）", "保险（元）"];

describe("hotel bill", () => {
  it("lists the paid stays with hotel, city, dates, nights and rooms; page and spreadsheet alike", async () => {
    const paid = await bookHotel(12);
    await pay(paid.id, BUSINESS_TYPE.hotelPay);
    const unpaid = await bookHotel(20);
    const r = (await api(billListPath("hotelSumBill"), { pageSize: 100 })).data;
    expect(r.list.map((x: { id: number }) => x.id)).toEqual([paid.id]);
    expect(r.list[0]).toMatchObject({ hotelName: paid.hotelName, cityName: "上海", checkIn: paid.stay.checkIn, checkOut: paid.stay.checkOut, nights: 2, roomCount: 2, passengerNames: "孙立、孙小" });
    expect(r.totals.settledFen).toBe(r.list[0].totalFen);
    expect((await api(billListPath("hotelSumBill"), { status: 0 })).data.list.map((x: { id: number }) => x.id)).toEqual([unpaid.id]);

    const columns = orderBillColumns(BILLS.hotelSumBill);
    const headers = columns.map((c) => c.header);
    expect(headers).toEqual(expect.arrayContaining(["酒店", "城市", "入住日期", "离店日期", "间夜", "房间数", "房费（元）"]));
    for (const flight of FLIGHT_HEADERS) expect(headers).not.toContain(flight);
    const sheet = await sheetOf("hotelSumBill");
    expect(sheet.getRow(1).values).toEqual([undefined, ...headers]);
    expect(sheet.rowCount).toBe(1 + 1 + 1);
    const cell = (key: string) => sheet.getRow(2).getCell(columns.findIndex((c) => c.key === key) + 1).value;
    expect(cell("hotelName")).toBe(paid.hotelName);
    expect(cell("nights")).toBe(2);
    expect(cell("roomCount")).toBe(2);
  });
});

describe("train bill", () => {
  it("lists the paid tickets with train number, stations, seat class and departure; page and spreadsheet alike", async () => {
    const { id, train, seat } = await bookTrain();
    await pay(id, BUSINESS_TYPE.trainPay);
    const r = (await api(billListPath("trainSumBill"), { pageSize: 100 })).data;
    expect(r.list.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(r.list[0]).toMatchObject({
      trainNo: train.trainNo, fromStation: train.fromStation, toStation: train.toStation, seatName: seat.seatName,
      departure: `${train.depDate} ${train.depTime}`, passengerNames: "孙立",
    });

    const columns = orderBillColumns(BILLS.trainSumBill);
    const headers = columns.map((c) => c.header);
    expect(headers).toEqual(expect.arrayContaining(["车次", "出发站", "到达站", "席别", "发车时间"]));
    for (const flight of FLIGHT_HEADERS) expect(headers).not.toContain(flight);
    const sheet = await sheetOf("trainSumBill");
    expect(sheet.getRow(1).values).toEqual([undefined, ...headers]);
    const cell = (key: string) => sheet.getRow(2).getCell(columns.findIndex((c) => c.key === key) + 1).value;
    expect(cell("trainNo")).toBe(train.trainNo);
    expect(cell("fromStation")).toBe(train.fromStation);
    expect(cell("departure")).toBe(`${train.depDate} ${train.depTime}`);
  });
});
