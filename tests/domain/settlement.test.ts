// The settlement period rule (month ends; a settlement day the month lacks falls on its last day)
// and the statement and dispute state machines.
import { describe, expect, it } from "vitest";
import {
  canConfirm, daysInMonth, lineMove, nextSettlementDate, periodCutoffIso, previousSettlementDate, settlementDateOf, settlementDateOnOrAfter,
  settlementPeriodOf, statementActions, statementMove, settlementSettingsSchema, settlementSettingsInput, disputeInput, operatorAnswerInput, operatorCreditLimitInput, STATEMENT_MOVES,
} from "../../src/domain/settlement";

describe("the settlement date of a month", () => {
  it("knows month lengths, leap Februaries included", () => {
    expect([1, 2, 3, 4, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 30, 31]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("is the settlement day, or the month's last day when the month has no such day", () => {
    expect(settlementDateOf(2026, 11, 31)).toBe("2026-11-30");
    expect(settlementDateOf(2026, 12, 31)).toBe("2026-12-31");
    expect(settlementDateOf(2027, 2, 31)).toBe("2027-02-28");
    expect(settlementDateOf(2027, 2, 29)).toBe("2027-02-28");
    expect(settlementDateOf(2028, 2, 30)).toBe("2028-02-29");
    expect(settlementDateOf(2028, 2, 29)).toBe("2028-02-29");
    expect(settlementDateOf(2026, 4, 30)).toBe("2026-04-30");
    expect(settlementDateOf(2026, 4, 1)).toBe("2026-04-01");
  });
});

describe("the next and previous settlement dates", () => {
  it("on or after a date: the same day when it is one, else the next month's", () => {
    expect(settlementDateOnOrAfter(31, "2026-11-30")).toBe("2026-11-30");
    expect(settlementDateOnOrAfter(25, "2026-11-26")).toBe("2026-12-25");
    expect(settlementDateOnOrAfter(25, "2026-11-25")).toBe("2026-11-25");
    expect(settlementDateOnOrAfter(31, "2027-02-01")).toBe("2027-02-28");
    expect(settlementDateOnOrAfter(5, "2026-12-31")).toBe("2027-01-05");
  });

  it("walks month ends across short months and the year end", () => {
    expect(nextSettlementDate(31, "2026-11-30")).toBe("2026-12-31");
    expect(nextSettlementDate(31, "2026-12-31")).toBe("2027-01-31");
    expect(nextSettlementDate(31, "2027-01-31")).toBe("2027-02-28");
    expect(nextSettlementDate(31, "2027-02-28")).toBe("2027-03-31");
    expect(nextSettlementDate(30, "2028-01-30")).toBe("2028-02-29");
    expect(nextSettlementDate(30, "2028-02-29")).toBe("2028-03-30");
    expect(previousSettlementDate(31, "2027-03-31")).toBe("2027-02-28");
    expect(previousSettlementDate(31, "2026-12-01")).toBe("2026-11-30");
    expect(previousSettlementDate(1, "2027-01-01")).toBe("2026-12-01");
  });
});

describe("a settlement period", () => {
  it("runs from the day after one settlement date through the next, both inclusive", () => {
    expect(settlementPeriodOf(31, "2026-11-15")).toEqual({ start: "2026-11-01", end: "2026-11-30" });
    expect(settlementPeriodOf(31, "2026-12-01")).toEqual({ start: "2026-12-01", end: "2026-12-31" });
    expect(settlementPeriodOf(31, "2027-02-28")).toEqual({ start: "2027-02-01", end: "2027-02-28" });
    expect(settlementPeriodOf(31, "2027-03-01")).toEqual({ start: "2027-03-01", end: "2027-03-31" });
    expect(settlementPeriodOf(30, "2027-03-01")).toEqual({ start: "2027-03-01", end: "2027-03-30" });
    expect(settlementPeriodOf(30, "2027-03-31")).toEqual({ start: "2027-03-31", end: "2027-04-30" });
    expect(settlementPeriodOf(15, "2026-11-16")).toEqual({ start: "2026-11-16", end: "2026-12-15" });
    expect(settlementPeriodOf(15, "2026-11-15")).toEqual({ start: "2026-10-16", end: "2026-11-15" });
  });

  it("ends at midnight in China after its last day", () => {
    expect(periodCutoffIso("2026-11-30")).toBe("2026-11-30T16:00:00.000Z");
    expect(periodCutoffIso("2026-12-31")).toBe("2026-12-31T16:00:00.000Z");
  });
});

describe("the statement state machine", () => {
  it("goes generated → sent → confirmed / disputed → settled, nothing else", () => {
    expect(statementMove("generated", "send")?.to).toBe("sent");
    expect(statementMove("sent", "dispute")?.to).toBe("disputed");
    expect(statementMove("disputed", "dispute")?.to).toBe("disputed");
    expect(statementMove("sent", "confirm")?.to).toBe("confirmed");
    expect(statementMove("disputed", "confirm")?.to).toBe("confirmed");
    expect(statementMove("confirmed", "settle")?.to).toBe("settled");
    for (const [from, action] of [["generated", "confirm"], ["generated", "dispute"], ["sent", "settle"], ["disputed", "settle"], ["confirmed", "dispute"], ["settled", "send"], ["settled", "confirm"]] as const) {
      expect(statementMove(from, action), `${from} ${action}`).toBeUndefined();
    }
    expect(STATEMENT_MOVES.filter((m) => m.action === "confirm").every((m) => m.guard === "noOpenDisputes")).toBe(true);
  });

  it("tells each side what it may do", () => {
    expect(statementActions("generated", "operator")).toEqual(["send"]);
    expect(statementActions("generated", "company")).toEqual([]);
    expect(statementActions("sent", "company")).toEqual(["dispute", "confirm"]);
    expect(statementActions("confirmed", "operator")).toEqual(["settle"]);
    expect(statementActions("settled", "company")).toEqual([]);
  });

  it("may be confirmed only when no line waits for an answer", () => {
    expect(canConfirm("sent", ["none", "none"])).toBe(true);
    expect(canConfirm("disputed", ["accepted", "rejected", "none"])).toBe(true);
    expect(canConfirm("disputed", ["open", "none"])).toBe(false);
    expect(canConfirm("generated", ["none"])).toBe(false);
    expect(canConfirm("confirmed", [])).toBe(false);
  });
});

describe("a line's dispute", () => {
  it("is opened by the company on a sent or disputed statement and answered once by the operator", () => {
    expect(lineMove("none", "dispute", "sent")?.to).toBe("open");
    expect(lineMove("none", "dispute", "disputed")?.to).toBe("open");
    expect(lineMove("none", "dispute", "generated")).toBeUndefined();
    expect(lineMove("none", "dispute", "confirmed")).toBeUndefined();
    expect(lineMove("open", "accept", "disputed")?.to).toBe("accepted");
    expect(lineMove("open", "reject", "disputed")?.to).toBe("rejected");
    expect(lineMove("open", "dispute", "disputed")).toBeUndefined();
    expect(lineMove("accepted", "reject", "disputed")).toBeUndefined();
    expect(lineMove("rejected", "dispute", "disputed")).toBeUndefined();
  });
});

describe("the settlement inputs", () => {
  it("settings: day 1-31 and confirmers as member ids; the form has no credit limit", () => {
    expect(settlementSettingsSchema.parse({ settlementDay: "31", confirmerIds: ["7", "7", "8"] })).toEqual({ settlementDay: 31, confirmerIds: [7, 8] });
    expect(settlementSettingsSchema.parse({ settlementDay: 1 }).confirmerIds).toEqual([]);
    for (const bad of [{ settlementDay: 32 }, { settlementDay: 0 }, { settlementDay: 5, creditLimitFen: 0 }]) {
      expect(settlementSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    // The server still reads a limit an old page sends, in whole fen up to 100 million yuan.
    expect(settlementSettingsInput.parse({ settlementDay: 5, creditLimitFen: "50000000" }).creditLimitFen).toBe(50_000_000);
    expect(settlementSettingsInput.parse({ settlementDay: 5 }).creditLimitFen).toBeUndefined();
    for (const fen of [1.5, -1, 10_000_000_001]) expect(settlementSettingsInput.safeParse({ settlementDay: 5, creditLimitFen: fen }).success, String(fen)).toBe(false);
  });

  it("the operator's credit limit: a company and whole fen from 0 to 100 million yuan", () => {
    expect(operatorCreditLimitInput.parse({ companyId: "3", creditLimitFen: "0" })).toEqual({ companyId: 3, creditLimitFen: 0 });
    expect(operatorCreditLimitInput.parse({ companyId: 3, creditLimitFen: 10_000_000_000 }).creditLimitFen).toBe(10_000_000_000);
    for (const bad of [{ creditLimitFen: 1 }, { companyId: 3 }, { companyId: 3, creditLimitFen: -1 }, { companyId: 3, creditLimitFen: 1.5 }, { companyId: 3, creditLimitFen: 10_000_000_001 }, { companyId: 3, creditLimitFen: 1, extra: 1 }]) {
      expect(operatorCreditLimitInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("a dispute needs a reason; a rejection needs one too", () => {
    expect(disputeInput.safeParse({ lineId: 1, reason: " 金额不符 " }).data?.reason).toBe("金额不符");
    expect(disputeInput.safeParse({ lineId: 1, reason: "短" }).success).toBe(false);
    expect(disputeInput.safeParse({ lineId: 1 }).success).toBe(false);
    expect(operatorAnswerInput.safeParse({ lineId: 1, decision: "accept" }).success).toBe(true);
    expect(operatorAnswerInput.safeParse({ lineId: 1, decision: "reject" }).success).toBe(false);
    expect(operatorAnswerInput.safeParse({ lineId: 1, decision: "reject", reason: "票价无误" }).success).toBe(true);
  });
});
