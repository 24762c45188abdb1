// Two bookings drawing the same order number in the same second (as two server processes can): the
// unique index refuses the second insert, and the booking runs again with a new number instead of
// answering a server error. The clock is fixed, so both numbers share their time part.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Harness } from "./harness";
import { day, NOW, startTravel, stopTravel, fullFlights } from "./inventory-helpers";
import { call, freshClient, login } from "./account-helpers";
import { setClock } from "../../server/services/clock";
import { isRetryable, transactionRetries } from "../../server/db/transaction";
import { FLIGHT_ORDER_PATHS as P } from "../../src/domain/orders/flight-types";

const WHO = "13800000010";
const LIST = "/api/v1/trip_manager/air_ticket_domestic_flight/list";
let h: Harness;
let token: string;

beforeAll(async () => {
  setClock(() => NOW);
  h = await startTravel();
  setClock(() => NOW);
  freshClient();
  token = await login(h.app, WHO);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stopTravel(h);
});

describe("order numbers", () => {
  it("counts only the order-number index's refusal as a reason to run again", () => {
    expect(isRetryable({ code: "23505", constraint: "orders_no_uq" })).toBe(true);
    expect(isRetryable({ code: "23505", constraint: "members_mobile_uq" })).toBe(false);
    expect(isRetryable({ code: "SQLITE_CONSTRAINT_UNIQUE", message: "UNIQUE constraint failed: orders.orderNo" })).toBe(true);
    expect(isRetryable({ code: "SQLITE_CONSTRAINT_UNIQUE", message: "UNIQUE constraint failed: orders.clientKey" })).toBe(false);
  });

  it("books again with a new number when the drawn one is taken", async () => {
    const list = await fullFlights(h.app, (await call(h.app, LIST, { depCity: "BJS", arrCity: "SHA", depDate: day(6) })).body.data.list);
    const seat = list.flatMap((f) => f.seats).find((s) => s.cabinClass === "Y")!;
    // The random part of the number: the same draw twice, then a different one.
    const draws = [123456, 123456, 654321];
    const real = crypto.randomInt.bind(crypto) as (min: number, max: number) => number;
    vi.spyOn(crypto, "randomInt").mockImplementation(((min: number, max: number) =>
      min === 0 && max === 1_000_000 && draws.length ? draws.shift()! : real(min, max)) as typeof crypto.randomInt);
    const book = (n: number) =>
      call(h.app, P.book, {
        token, fareKey: seat.fareKey, price: seat.salePrice, clientKey: `collide-${n}`, contactName: "张三", contactMobile: WHO,
        "passengers.0.name": "张三", "passengers.0.certType": 1, "passengers.0.certNo": "11010519491231002X",
      });
    const before = transactionRetries();
    const first = (await book(1)).body;
    const second = (await book(2)).body;
    vi.restoreAllMocks();
    expect(first.ret, first.msg).toBe(0);
    expect(second.ret, second.msg).toBe(0);
    expect(first.data.orderNo).toMatch(/123456$/);
    expect(second.data.orderNo).toMatch(/654321$/);
    expect(transactionRetries() - before).toBe(1);
  });
});
