// The recharge's amount rule (exact decimal text, positive, at most 2 decimals, 0.01–50,000.00,
// decoded to fen without a float) and its state machine (0 待支付 → 1 已到账, 0 → 2 已关闭, and a
// closed recharge whose money still arrives → 已到账; nothing leaves 已到账).
import { describe, expect, it } from "vitest";
import {
  RECHARGE_AMOUNT_MESSAGES as M, rechargeAmountFen, rechargeAmountProblem, rechargeCreateInput, rechargeListInput,
} from "../../src/domain/payments/recharge";
import { RECHARGE_MOVES, RECHARGE_PAYABLE_STATUSES, RECHARGE_STATUS as S, RECHARGE_STATUS_CODES, rechargeLabel, rechargeMove } from "../../src/domain/orders/recharge";
import { payRedirect } from "../../src/domain/payments";

describe("the recharge amount", () => {
  it("takes 0.01 to 50,000.00 with at most 2 decimals, as fen", () => {
    expect(rechargeAmountFen("0.01")).toBe(1);
    expect(rechargeAmountFen("100")).toBe(10_000);
    expect(rechargeAmountFen("100.5")).toBe(10_050);
    expect(rechargeAmountFen(" 1280.50 ")).toBe(128_050);
    expect(rechargeAmountFen("50000.00")).toBe(5_000_000);
    // Exact where a float would not be: 0.29 * 100 is 28.999… in binary.
    expect(rechargeAmountFen("0.29")).toBe(29);
    expect(rechargeAmountFen("4999.99")).toBe(499_999);
  });

  it("names the first problem", () => {
    for (const v of [undefined, null, "", "  "]) expect(rechargeAmountProblem(v)).toBe(M.required);
    for (const v of ["0", "0.0", "0.00"]) expect(rechargeAmountProblem(v)).toBe(M.zero);
    for (const v of ["-1", "1.234", "1.", ".5", "01", "1e3", "abc", "1,000", "¥100", "0x10", 100, "1".repeat(21)]) expect(rechargeAmountProblem(v), String(v)).toBe(M.format);
    for (const v of ["50000.01", "50001", "999999999", "12345678901234"]) expect(rechargeAmountProblem(v), v).toBe(M.tooLarge);
    expect(M.tooLarge).toBe("单笔充值金额不能超过50,000.00元");
    expect(rechargeAmountFen("1.234")).toBeNull();
  });

  it("is what the create schema decodes, for the server, and refuses a number (it may be a float)", () => {
    expect(rechargeCreateInput.parse({ amount: "100.00", clientKey: "abcdefgh-1" })).toEqual({ amount: 10_000, clientKey: "abcdefgh-1" });
    const bad = rechargeCreateInput.safeParse({ amount: "0.001", clientKey: "abcdefgh-1" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(M.format);
    expect(rechargeCreateInput.safeParse({ amount: 100.1, clientKey: "abcdefgh-1" }).success).toBe(false);
    expect(rechargeCreateInput.safeParse({ clientKey: "abcdefgh-1" }).error?.issues[0].message).toBe(M.required);
  });

  it("the record list takes a known status and an ordered date range", () => {
    expect(rechargeListInput.parse({ status: "1" })).toMatchObject({ status: 1, pageNum: 1, pageSize: 10, orderType: "desc" });
    expect(rechargeListInput.safeParse({ status: "3" }).error?.issues[0].message).toBe("充值状态不正确");
    expect(rechargeListInput.safeParse({ createDateStart: "2026-12-02", createDateEnd: "2026-12-01" }).error?.issues[0].message).toBe("开始日期不能晚于结束日期");
  });
});

describe("the recharge state machine", () => {
  it("labels every status", () => {
    expect(RECHARGE_STATUS_CODES.map((s) => rechargeLabel(s))).toEqual(["待支付", "已到账", "已关闭"]);
    expect(rechargeLabel(1, "en")).toBe("Credited");
    expect(rechargeLabel(9)).toBe("9");
  });

  it("moves 0 → 1 on payment, 0 → 2 on expiry, 2 → 1 when money still arrives; nothing leaves 已到账", () => {
    expect(rechargeMove(S.pendingPayment, "pay")?.to).toBe(S.credited);
    expect(rechargeMove(S.pendingPayment, "expire")?.to).toBe(S.closed);
    expect(rechargeMove(S.closed, "pay")?.to).toBe(S.credited);
    expect(rechargeMove(S.closed, "expire")).toBeNull();
    expect(RECHARGE_MOVES.filter((m) => m.from === S.credited)).toEqual([]);
    expect([...RECHARGE_PAYABLE_STATUSES].sort()).toEqual([S.pendingPayment, S.closed]);
  });

  it("a paid recharge goes to the page's callback (the redirect table's 'callback success')", () => {
    expect(payRedirect(1)).toEqual({ kind: "callback" });
  });
});
