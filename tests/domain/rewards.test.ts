// The rewards rules: rates and their rounding, who earns what, which moves earn or reverse, how
// much a refund takes back and how a transfer is taken from the two kinds.
import { describe, expect, it } from "vitest";
import {
  EARNING_TYPES, RECOMMEND_RATE_BP, REWARD_MOVE_TARGETS, SHARE_RATE_BP, rateOf, reversalFen, rewardEventOfMove, rewardLinesFor, splitTransfer,
} from "../../src/domain/payments/rewards";
import { FLIGHT_ORDER_STATUS as F } from "../../src/domain/orders/flight";
import { TRAIN_ORDER_STATUS as T } from "../../src/domain/orders/train";
import { HOTEL_ORDER_STATUS as H } from "../../src/domain/orders/hotel";
import { groupPayCode, isPayCode, payCodeSignText } from "../../src/domain/payments/pay-code";
import { rewardsTransferSchema } from "../../src/domain/payments/rewards-schemas";

const order = { ticketFen: 123_456, serviceFeeFen: 3_000 };

describe("rates", () => {
  it("are 1 % of the ticket amount and 30 % of the service fee", () => {
    expect(RECOMMEND_RATE_BP).toBe(100);
    expect(SHARE_RATE_BP).toBe(3000);
    expect(rateOf(100_000, RECOMMEND_RATE_BP)).toBe(1_000);
    expect(rateOf(3_000, SHARE_RATE_BP)).toBe(900);
  });

  it("round down to the fen, and pay nothing on nothing", () => {
    expect(rateOf(123_456, RECOMMEND_RATE_BP)).toBe(1_234); // 1234.56 fen
    expect(rateOf(99, RECOMMEND_RATE_BP)).toBe(0);
    expect(rateOf(1_001, SHARE_RATE_BP)).toBe(300); // 300.3 fen
    expect(rateOf(0, SHARE_RATE_BP)).toBe(0);
    expect(rateOf(-500, SHARE_RATE_BP)).toBe(0);
  });
});

describe("who earns", () => {
  it("types 10-30 and 7_0 earn recommendation income only", () => {
    for (const memberType of ["10", "20", "30"]) {
      expect(rewardLinesFor({ memberType }, order)).toEqual([{ kind: "recommend", baseFen: 123_456, amountFen: 1_234 }]);
    }
    expect(rewardLinesFor({ memberType: "10", creditEmployeeId: 5 }, order).map((l) => l.kind)).toEqual(["recommend"]);
  });

  it("agents (40, 50) also earn share income on the service fee", () => {
    for (const memberType of ["40", "50"]) {
      expect(rewardLinesFor({ memberType }, order)).toEqual([
        { kind: "recommend", baseFen: 123_456, amountFen: 1_234 },
        { kind: "share", baseFen: 3_000, amountFen: 900 },
      ]);
    }
  });

  it("a company (70) earns nothing; a line rounding to 0 is left out", () => {
    expect(EARNING_TYPES).not.toContain("70");
    expect(rewardLinesFor({ memberType: "70", creditMemberId: 3 }, order)).toEqual([]);
    expect(rewardLinesFor({ memberType: "40" }, { ticketFen: 50, serviceFeeFen: 1_000 })).toEqual([{ kind: "share", baseFen: 1_000, amountFen: 300 }]);
  });
});

describe("moves that earn and reverse", () => {
  it("earns on completion: flight and train ticketed, hotel completed", () => {
    expect(rewardEventOfMove("air", F.ticketing, F.ticketed)).toBe("earn");
    expect(rewardEventOfMove("train", T.ticketing, T.ticketed)).toBe("earn");
    expect(rewardEventOfMove("hotel", H.checkedIn, H.completed)).toBe("earn");
  });

  it("a declined refund or change back to ticketed earns nothing again", () => {
    expect(rewardEventOfMove("air", F.refundRequested, F.ticketed)).toBeNull();
    expect(rewardEventOfMove("air", F.changeRequested, F.ticketed)).toBeNull();
  });

  it("reverses when the money of a completed order goes back", () => {
    expect(rewardEventOfMove("air", F.ticketRefunded, F.moneyRefunded)).toBe("reverse");
    expect(rewardEventOfMove("air", F.voided, F.moneyRefunded)).toBe("reverse");
    // Passengers refunded one request at a time: the last one's money back refunds the order.
    expect(rewardEventOfMove("air", F.ticketed, F.moneyRefunded)).toBe("reverse");
    expect(rewardEventOfMove("air", F.changed, F.moneyRefunded)).toBe("reverse");
    expect(rewardEventOfMove("train", T.ticketed, T.refunded)).toBe("reverse");
    expect(rewardEventOfMove("train", T.changed, T.refunded)).toBe("reverse");
    // Rejected before ticketing: never earned, nothing to reverse.
    expect(rewardEventOfMove("air", F.rejected, F.moneyRefunded)).toBeNull();
    expect(rewardEventOfMove("hotel", H.cancelled, H.refunded)).toBeNull();
  });

  it("only the landing statuses of those moves make the server look", () => {
    expect([...REWARD_MOVE_TARGETS].sort()).toEqual([2, 4, 6]);
  });
});

describe("reversal", () => {
  it("takes back what was earned, never more, never below a zero balance", () => {
    expect(reversalFen(1_234, 5_000)).toBe(1_234);
    expect(reversalFen(1_234, 1_000)).toBe(1_000);
    expect(reversalFen(1_234, 0)).toBe(0);
  });
});

describe("transfer", () => {
  it("takes recommendation income first, then share income", () => {
    expect(splitTransfer(500, { recommend: 1_000, share: 900 })).toEqual([{ kind: "recommend", amountFen: 500 }]);
    expect(splitTransfer(1_500, { recommend: 1_000, share: 900 })).toEqual([{ kind: "recommend", amountFen: 1_000 }, { kind: "share", amountFen: 500 }]);
    expect(splitTransfer(300, { recommend: 0, share: 900 })).toEqual([{ kind: "share", amountFen: 300 }]);
  });

  it("refuses more than both balances, and nothing or less", () => {
    expect(splitTransfer(1_901, { recommend: 1_000, share: 900 })).toBeNull();
    expect(splitTransfer(0, { recommend: 1_000, share: 900 })).toBeNull();
    expect(splitTransfer(-1, { recommend: 1_000, share: 900 })).toBeNull();
  });

  it("the form takes a positive yuan amount with at most 2 decimals", () => {
    for (const ok of ["1", "0.01", "12.5", "1234.56"]) expect(rewardsTransferSchema.safeParse({ amount: ok }).success, ok).toBe(true);
    for (const bad of ["", "0", "0.00", "-1", "1.234", "abc", "1e3", "12345678"]) expect(rewardsTransferSchema.safeParse({ amount: bad }).success, bad).toBe(false);
  });
});

describe("pay authorization code", () => {
  it("is 18 digits, shown in groups of 4, signed over every field of the charge", () => {
    expect(isPayCode("281234567890123456")).toBe(true);
    expect(isPayCode("28123456789012345")).toBe(false);
    expect(groupPayCode("281234567890123456")).toBe("2812 3456 7890 1234 56");
    expect(payCodeSignText({ appId: "a", signTimestamp: "1700000000000", authCode: "281234567890123456", amountFen: 100, counterTradeNo: "C1" })).toBe("a1700000000000281234567890123456100C1");
  });
});
