import { describe, expect, it } from "vitest";
import { INSURANCE, INSURANCE_BY_ORDER_ACTION, INSURANCE_MOVES, insuranceMove, insuranceOnRefund } from "../../src/domain/orders/insurance";
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

  it("surrenders only a policy in force (退保中), and finishes only a surrender under way (已退保)", () => {
    expect(insuranceMove(INSURANCE.insured, "surrender")?.to).toBe(INSURANCE.surrendering);
    expect(insuranceMove(INSURANCE.surrendering, "finishSurrender")?.to).toBe(INSURANCE.surrendered);
    for (const from of INSURANCE_STATUS_CODES) {
      if (from !== INSURANCE.insured) expect(insuranceMove(from, "surrender"), `surrender from ${from}`).toBeNull();
      if (from !== INSURANCE.surrendering) expect(insuranceMove(from, "finishSurrender"), `finish from ${from}`).toBeNull();
    }
    // A declined refund keeps the policy in force: only a surrender under way goes back.
    expect(insuranceMove(INSURANCE.surrendering, "keep")?.to).toBe(INSURANCE.insured);
    for (const from of INSURANCE_STATUS_CODES) if (from !== INSURANCE.surrendering) expect(insuranceMove(from, "keep"), `keep from ${from}`).toBeNull();
    expect(INSURANCE_MOVES).toHaveLength(5);
  });

  it("gives the whole premium back before the flight leaves, nothing after; nothing for a policy not in force", () => {
    expect(insuranceOnRefund(3_000, INSURANCE.insured, 200)).toEqual({ surrender: 3_000, kept: 0 });
    expect(insuranceOnRefund(3_000, INSURANCE.insured, 0.01)).toEqual({ surrender: 3_000, kept: 0 });
    expect(insuranceOnRefund(3_000, INSURANCE.insured, 0)).toEqual({ surrender: 0, kept: 3_000 });
    expect(insuranceOnRefund(3_000, INSURANCE.insured, -5)).toEqual({ surrender: 0, kept: 3_000 });
    for (const status of INSURANCE_STATUS_CODES.filter((c) => c !== INSURANCE.insured)) {
      expect(insuranceOnRefund(3_000, status, 200), `status ${status}`).toEqual({ surrender: 0, kept: 0 });
    }
    expect(insuranceOnRefund(0, INSURANCE.insured, 200)).toEqual({ surrender: 0, kept: 0 });
  });

  it("follows only order actions that exist, and every order action that ends a booking unticketed", () => {
    const orderActions = new Set(FLIGHT_ORDER_MOVES.map((m) => m.action));
    for (const action of Object.keys(INSURANCE_BY_ORDER_ACTION)) expect(orderActions.has(action as never), action).toBe(true);
    const toCancelled = new Set(FLIGHT_ORDER_MOVES.filter((m) => m.to === FLIGHT_ORDER_STATUS.cancelled || m.to === FLIGHT_ORDER_STATUS.rejected || m.to === FLIGHT_ORDER_STATUS.ticketFailed).map((m) => m.action));
    for (const action of toCancelled) expect(INSURANCE_BY_ORDER_ACTION[action], action).toBe("withdraw");
    expect(INSURANCE_MOVES.every((m) => INSURANCE_STATUS_CODES.includes(m.to))).toBe(true);
  });
});
