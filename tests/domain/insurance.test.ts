import { describe, expect, it } from "vitest";
import { INSURANCE, INSURANCE_BY_ORDER_ACTION, INSURANCE_MOVES, insuranceMove } from "../../src/domain/orders/insurance";
import { FLIGHT_ORDER_MOVES, FLIGHT_ORDER_STATUS } from "../../src/domain/orders/flight";
import { INSURANCE_STATUS_CODES } from "../../src/domain/codes";

describe("flight insurance moves", () => {
  it("issues with the ticket and withdraws with a booking that ends unticketed; nothing else", () => {
    expect(insuranceMove(INSURANCE.none, "issue")?.to).toBe(INSURANCE.insured);
    expect(insuranceMove(INSURANCE.none, "withdraw")?.to).toBe(INSURANCE.cancelled);
    for (const from of INSURANCE_STATUS_CODES.filter((c) => c !== INSURANCE.none)) {
      expect(insuranceMove(from, "issue"), `issue from ${from}`).toBeNull();
      expect(insuranceMove(from, "withdraw"), `withdraw from ${from}`).toBeNull();
    }
  });

  it("follows only order actions that exist, and every order action that ends a booking unticketed", () => {
    const orderActions = new Set(FLIGHT_ORDER_MOVES.map((m) => m.action));
    for (const action of Object.keys(INSURANCE_BY_ORDER_ACTION)) expect(orderActions.has(action as never), action).toBe(true);
    const toCancelled = new Set(FLIGHT_ORDER_MOVES.filter((m) => m.to === FLIGHT_ORDER_STATUS.cancelled || m.to === FLIGHT_ORDER_STATUS.rejected).map((m) => m.action));
    for (const action of toCancelled) expect(INSURANCE_BY_ORDER_ACTION[action], action).toBe("withdraw");
    expect(INSURANCE_MOVES.every((m) => INSURANCE_STATUS_CODES.includes(m.to))).toBe(true);
  });
});
