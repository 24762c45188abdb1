// Bank cards and withdrawals: the card number rule (16 or 19 digits and the Luhn check digit) on
// real numbers and on each one with a digit off by one, the bank from the BIN, the masked form,
// the withdrawal state machine (every legal move and every illegal one) and the amount rule.
import { describe, expect, it } from "vitest";
import {
  BANKS, BANK_CARD_SCHEMAS, bankOfCard, isBankCardNumber, luhnValid, maskCardNo,
} from "../../src/domain/payments/bank-cards";
import {
  IN_PROGRESS_WITHDRAWALS, WITHDRAWAL_MOVES, WITHDRAWAL_SCHEMAS, WITHDRAWAL_STATUSES, isWithdrawalFinal, withdrawalAmountFen,
  withdrawalLabel, withdrawalMemberActions, withdrawalMove, type WithdrawalAction,
} from "../../src/domain/payments/withdrawal";

// Luhn-valid numbers: the well-known test numbers of the card schemes, and numbers on Chinese
// banks' real BINs with their check digit (16 and 19 digits).
const VALID = [
  "4111111111111111",
  "5500000000000004",
  "6011111111111117",
  "4012888888881881",
  "6222020200001234562",
  "6228480012345678903",
  "6217001234567890122",
  "6230580000123456787",
  "6225880123456783",
  "6214830123456781",
  "6229091234567890",
];

/** The number with digit i moved up by one (9 wraps to 0): one typing slip. */
const offByOne = (n: string, i: number) => n.slice(0, i) + String((Number(n[i]) + 1) % 10) + n.slice(i + 1);

describe("card number rule", () => {
  it.each(VALID)("accepts %s", (n) => {
    expect(luhnValid(n)).toBe(true);
    expect(isBankCardNumber(n)).toBe(true);
  });

  it("refuses every number with any one digit off by one", () => {
    for (const n of VALID) for (let i = 0; i < n.length; i++) expect(luhnValid(offByOne(n, i)), `${n} digit ${i}`).toBe(false);
  });

  it("wants 16 or 19 digits even when the check digit fits", () => {
    // 15, 17 and 18 digits that pass Luhn.
    for (const n of ["378282246310005", "62220202000012340", "622909123456789018"]) {
      expect(luhnValid(n)).toBe(true);
      expect(isBankCardNumber(n)).toBe(false);
    }
    expect(isBankCardNumber("")).toBe(false);
    expect(isBankCardNumber("6222 0202 0000 1234 562")).toBe(false);
    expect(isBankCardNumber(6225880123456783)).toBe(false);
  });

  it("checks in order and reads a number typed in groups", () => {
    const s = BANK_CARD_SCHEMAS.zh.cardNumber;
    expect(s.parse("6225 8801 2345 6783")).toBe("6225880123456783");
    expect(s.safeParse("").error?.issues[0].message).toBe("请输入银行卡号");
    expect(s.safeParse("622588012345678").error?.issues[0].message).toBe("银行卡号须为16或19位数字");
    expect(s.safeParse("6225880123456784").error?.issues[0].message).toBe("银行卡号有误，请核对后重新输入");
  });
});

describe("bank from the BIN", () => {
  it("names the bank of each table's prefix", () => {
    expect(bankOfCard("6222020200001234562")).toEqual({ code: "ICBC", name: "中国工商银行" });
    expect(bankOfCard("6228480012345678903")?.name).toBe("中国农业银行");
    expect(bankOfCard("6217001234567890122")?.name).toBe("中国建设银行");
    expect(bankOfCard("6225880123456783")?.name).toBe("招商银行");
    expect(bankOfCard("6229091234567890")?.name).toBe("兴业银行");
    expect(bankOfCard("6230580000123456787")?.name).toBe("平安银行");
    expect(bankOfCard("6225 8801 2345 6783")?.code).toBe("CMB");
  });

  it("covers the 15 main banks, each BIN on one bank only", () => {
    expect(BANKS.map((b) => b.code)).toEqual(["ICBC", "ABC", "BOC", "CCB", "BOCOM", "CMB", "PSBC", "SPDB", "CITIC", "CEB", "CMBC", "CIB", "PAB", "CGB", "HXB"]);
    const bins = BANKS.flatMap((b) => b.bins);
    expect(new Set(bins).size).toBe(bins.length);
    for (const bin of bins) expect(bin).toMatch(/^\d{6}$/);
  });

  it("knows no bank for another prefix, and binding refuses it", () => {
    expect(bankOfCard("4111111111111111")).toBeNull();
    const r = BANK_CARD_SCHEMAS.zh.bindCardInput.safeParse({ cardNo: "4111111111111111", holderName: "张三", smsCode: "123456" });
    expect(r.error?.issues[0].message).toBe("暂不支持该银行卡");
  });

  it("masks every card to its last four digits", () => {
    expect(maskCardNo("6222020200001234562")).toBe("**** **** **** 4562");
    expect(maskCardNo("6225880123456783")).toBe("**** **** **** 6783");
  });

  it("wants a Chinese holder name of 2-20 characters", () => {
    const s = BANK_CARD_SCHEMAS.zh.bindCardInput;
    const card = { cardNo: "6225880123456783", smsCode: "123456" };
    expect(s.safeParse({ ...card, holderName: "" }).error?.issues[0].message).toBe("请输入持卡人姓名");
    expect(s.safeParse({ ...card, holderName: "张" }).error?.issues[0].message).toBe("持卡人姓名须为2-20个汉字");
    expect(s.safeParse({ ...card, holderName: "Zhang San" }).error?.issues[0].message).toBe("持卡人姓名须为2-20个汉字");
    expect(s.safeParse({ ...card, holderName: " 阿依·买买提 " }).data?.holderName).toBe("阿依·买买提");
  });
});

describe("withdrawal state machine", () => {
  const ACTIONS: WithdrawalAction[] = ["approve", "reject", "pay", "cancel"];
  const LEGAL: Record<string, string> = {
    "requested approve": "approved",
    "requested reject": "rejected",
    "requested cancel": "cancelled",
    "approved pay": "paid",
    "approved reject": "rejected",
  };

  it("allows exactly the listed moves and refuses every other", () => {
    for (const from of WITHDRAWAL_STATUSES) {
      for (const action of ACTIONS) {
        const m = withdrawalMove(from, action);
        expect(m?.to ?? null, `${from} ${action}`).toBe(LEGAL[`${from} ${action}`] ?? null);
      }
    }
    expect(WITHDRAWAL_MOVES).toHaveLength(Object.keys(LEGAL).length);
    expect(withdrawalMove("unknown", "approve")).toBeNull();
  });

  it("returns the money on a rejection or a cancel only", () => {
    expect(WITHDRAWAL_MOVES.filter((m) => m.returnsMoney).map((m) => `${m.from} ${m.action}`)).toEqual(["requested reject", "requested cancel", "approved reject"]);
  });

  it("lets the member cancel only while requested; the rest is the jobs'", () => {
    expect(withdrawalMemberActions("requested")).toEqual(["cancel"]);
    for (const s of ["approved", "paid", "rejected", "cancelled"]) expect(withdrawalMemberActions(s)).toEqual([]);
    expect(WITHDRAWAL_MOVES.filter((m) => m.by === "member").map((m) => m.action)).toEqual(["cancel"]);
  });

  it("has the Chinese labels, and tells finished from in progress", () => {
    expect(WITHDRAWAL_STATUSES.map((s) => withdrawalLabel(s))).toEqual(["申请中", "已审核", "已到账", "已驳回", "已撤销"]);
    expect(IN_PROGRESS_WITHDRAWALS).toEqual(["requested", "approved"]);
    expect(["paid", "rejected", "cancelled"].every(isWithdrawalFinal)).toBe(true);
  });
});

describe("withdrawal amount", () => {
  const amount = WITHDRAWAL_SCHEMAS.zh.amount;
  it("reads exact yuan text into fen", () => {
    expect(withdrawalAmountFen("50")).toBe(5000);
    expect(withdrawalAmountFen("50.5")).toBe(5050);
    expect(withdrawalAmountFen("0.1")).toBe(10);
    expect(withdrawalAmountFen(" 1234.56 ")).toBe(123456);
    expect(amount.parse("1.00")).toBe(100);
    expect(amount.parse("50000.00")).toBe(5_000_000);
  });

  it.each([
    ["", "请输入提现金额"],
    ["0", "提现金额须大于0，最多两位小数"],
    ["-1", "提现金额须大于0，最多两位小数"],
    ["1.001", "提现金额须大于0，最多两位小数"],
    ["1e3", "提现金额须大于0，最多两位小数"],
    ["abc", "提现金额须大于0，最多两位小数"],
    ["0.99", "单笔提现金额不能低于1.00元"],
  ])("refuses %j: %s", (v, message) => {
    expect(amount.safeParse(v).error?.issues[0].message).toBe(message);
  });

  it("wants 6 digits of pay password in the form and a digest on the wire", () => {
    const f = WITHDRAWAL_SCHEMAS.zh.applyForm;
    expect(f.safeParse({ cardId: 1, amount: "50", payPassword: "12345" }).error?.issues[0].message).toBe("支付密码须为6位数字");
    expect(f.safeParse({ cardId: "", amount: "50", payPassword: "123456" }).error?.issues[0].message).toBe("请选择银行卡");
    expect(f.parse({ cardId: 1, amount: "50", payPassword: "123456" })).toEqual({ cardId: 1, amount: 5000, payPassword: "123456" });
    const w = WITHDRAWAL_SCHEMAS.zh.applyInput;
    expect(w.safeParse({ cardId: "1", amount: "50", payPassword: "123456" }).success).toBe(false);
    expect(w.parse({ cardId: "1", amount: "50", payPassword: "e10adc3949ba59abbe56e057f20f883e" }).amount).toBe(5000);
  });
});
