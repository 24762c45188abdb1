// Reimbursement documents' rules: the tax carved out of tax-inclusive fen once per document, an
// air ticket's development fund outside VAT, red-letter amounts the refund's to the fen, the
// capital words, the one table of state moves and the request schema's refusals.
import { describe, expect, it } from "vitest";
import { airRefundAmounts, airTicketAmounts, einvoiceAmounts, rateText, taxInside } from "../../src/domain/einvoice/tax";
import { amountInWords } from "../../src/domain/einvoice/words";
import { einvoiceMove, EINVOICE_MOVES } from "../../src/domain/einvoice/kinds";
import { einvoiceRequestSchema } from "../../src/domain/einvoice/schemas";

describe("tax inside a tax-inclusive amount", () => {
  it("is round(amount × rate / (1 + rate)), half up, symmetric below zero", () => {
    expect(taxInside(10_900, 900)).toBe(900);
    expect(taxInside(10_600, 600)).toBe(600);
    expect(taxInside(100, 900)).toBe(8); // 8.257…
    expect(taxInside(6, 900)).toBe(0); // 0.495…
    expect(taxInside(109, 900)).toBe(9);
    expect(taxInside(53, 600)).toBe(3);
    expect(taxInside(-100, 900)).toBe(-8);
    expect(Object.is(taxInside(-6, 900), 0)).toBe(true);
    expect(taxInside(999_999_999_999_999, 900)).toBe(82_568_807_339_449);
  });

  it("an air ticket taxes fare and fuel surcharge at 9 % and leaves the development fund untaxed", () => {
    const a = airTicketAmounts({ fare: 128_000, fuelSurcharge: 6_000, developmentFund: 5_000 });
    expect(a).toEqual({ total: 139_000, taxable: 134_000, exempt: 5_000, tax: taxInside(134_000, 900), net: 134_000 - taxInside(134_000, 900), rateBp: 900 });
    expect(a.tax).toBe(11_064);
    expect(einvoiceAmounts("hotel", { taxable: 45_800 })).toMatchObject({ total: 45_800, exempt: 0, tax: 2_592, rateBp: 600 });
    expect(einvoiceAmounts("rail", { taxable: 55_300 }).rateBp).toBe(900);
    expect(einvoiceAmounts("service", { taxable: 3_000 }).tax).toBe(170);
    expect(() => einvoiceAmounts("hotel", { taxable: 100, exempt: 5 })).toThrow();
    expect(rateText(900)).toBe("9%");
  });

  it("a red-letter document carries the refunded amount below zero, the fund first", () => {
    const blue = airTicketAmounts({ fare: 128_000, fuelSurcharge: 6_000, developmentFund: 5_000 });
    const red = airRefundAmounts(blue, 132_600);
    expect(red.total).toBe(-132_600);
    expect(red.exempt).toBe(-5_000);
    expect(red.taxable).toBe(-127_600);
    expect(red.tax).toBe(-taxInside(127_600, 900));
    expect(airRefundAmounts(blue, 0)).toMatchObject({ total: 0, tax: 0 });
    expect(() => airRefundAmounts(blue, 139_001)).toThrow();
  });
});

describe("amounts in capital words", () => {
  it.each([
    [0, "零圆整"],
    [1, "壹分"],
    [50, "伍角"],
    [56, "伍角陆分"],
    [10_000, "壹佰圆整"],
    [123_456, "壹仟贰佰叁拾肆圆伍角陆分"],
    [100_500, "壹仟零伍圆整"],
    [105_000, "壹仟零伍拾圆整"],
    [1_000, "壹拾圆整"],
    [1_005, "壹拾圆零伍分"],
    [10_000_000, "壹拾万圆整"],
    [10_030_000, "壹拾万零叁佰圆整"],
    [100_000_100, "壹佰万零壹圆整"],
    [10_000_000_000, "壹亿圆整"],
    [10_000_100_000, "壹亿零壹仟圆整"],
    [-139_000, "负壹仟叁佰玖拾圆整"],
  ])("%i fen → %s", (fen, words) => expect(amountInWords(fen)).toBe(words));
});

describe("document states", () => {
  it("move only by the table", () => {
    expect(einvoiceMove("pending", "start")?.to).toBe("issuing");
    expect(einvoiceMove("issuing", "issue")?.to).toBe("issued");
    expect(einvoiceMove("issued", "reverse")?.to).toBe("reversed");
    expect(einvoiceMove("pending", "issue")).toBeNull();
    expect(einvoiceMove("reversed", "reverse")).toBeNull();
    expect(EINVOICE_MOVES.filter((m) => m.from === "reversed")).toEqual([]);
  });
});

describe("the request schema", () => {
  const base = { orderId: 1, passengerId: 2 };
  it("takes a choice of title and refuses a bad tax number, a missing saved title and a bad email", () => {
    expect(einvoiceRequestSchema.parse({ ...base, title: "personal" })).toMatchObject({ kind: "ticket", title: "personal" });
    const bad = einvoiceRequestSchema.safeParse({ ...base, title: "custom", buyerName: "某公司", buyerTaxNo: "91310115MA1K4A2B3X" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ["buyerTaxNo"], message: "请输入正确的纳税人识别号" });
    expect(einvoiceRequestSchema.safeParse({ ...base, title: "saved" }).error!.issues[0].message).toBe("请选择发票抬头");
    expect(einvoiceRequestSchema.safeParse({ ...base, title: "personal", email: "nope" }).error!.issues[0].message).toBe("请输入正确的邮箱");
    expect(einvoiceRequestSchema.safeParse({ ...base, title: "nobody" }).error!.issues[0].message).toBe("请选择发票抬头");
    expect(einvoiceRequestSchema.safeParse({ ...base, title: "personal", extra: 1 }).success).toBe(false);
  });
});
