import { describe, expect, it } from "vitest";
import {
  AIR_ORDER_STATUS,
  AIR_ORDER_STATUS_CODES,
  CERT_TYPE,
  CERT_TYPE_CODES,
  CERT_TYPES,
  codeOptions,
  INSURANCE_STATUS,
  INSURANCE_STATUS_CODES,
  label,
  ORDER_STATUS_COLORS,
  orderStatusColor,
  PASSENGER_TYPE_CODES,
  PASSENGER_TYPES,
  STATUS_COLOR_HEX,
  type CodeTable,
} from "../../src/domain/codes";
import { BUSINESS_TYPE, BUSINESS_TYPE_LABELS } from "../../src/domain/payments/types";
import { copyTable, HAS_COPY_FILE } from "./copy-file";

// zh texts verbatim from copy.zh-CN.md.
const AIR = ["待支付", "已支付", "已出票", "已改签", "已退票", "已作废", "已退款", "出票中", "已拒单", "退票申请中", "退票处理中", "改签申请中"];
const INSURANCE = ["未投保", "已投保", "已撤销", "投保失败", "已退保", "退保中"];
const CERTS = ["其他", "身份证", "护照", "军官证", "台湾居民居住证", "港澳居民居住证", "公务员证", "台湾通行证", "港澳通行证", "海员证"];
const PASSENGERS: [string, string][] = [
  ["ADT", "成人"], ["CHD", "儿童"], ["INF", "婴儿"], ["SD", "留学生"], ["SC", "海员"],
  ["DR", "博士"], ["DL", "劳务"], ["ZZ", "青年"], ["CD", "老年"],
];
const PAY: [number, string, string][] = [
  [1, "recharge", "账户充值"], [2, "buffetCard", "自助卡"], [3, "upgrade", "会员升级"],
  [4, "payAnnualFee", "缴纳年费"], [5, "dometicketOrderPay", "国内机票支付"], [6, "changeTicket", "机票改签"],
  [7, "buyTicket", "购票"], [8, "trainPay", "火车票支付"],
];

function expectBilingual(table: CodeTable) {
  for (const code of table.codes) {
    expect(label(table, code, "en"), String(code)).toMatch(/^[\x20-\x7e]+$/);
    expect(label(table, code), String(code)).not.toBe(String(code));
  }
}

describe("airline order status", () => {
  it.each(AIR.map((zh, code) => [code, zh] as const))("%i is %s", (code, zh) => {
    expect(label(AIR_ORDER_STATUS, code)).toBe(zh);
    expect(label(AIR_ORDER_STATUS, String(code))).toBe(zh); // API codes may be strings
  });
  it("has exactly codes 0-11 with English labels", () => {
    expect(AIR_ORDER_STATUS.codes).toEqual(AIR_ORDER_STATUS_CODES);
    expect(AIR_ORDER_STATUS_CODES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expectBilingual(AIR_ORDER_STATUS);
    expect(label(AIR_ORDER_STATUS, 0, "en")).toBe("Pending payment");
    expect(label(AIR_ORDER_STATUS, 8, "en")).toBe("Rejected");
  });
});

describe("order status colours", () => {
  const coloured = [...Array(16).keys(), 20, 21, 22, 23];
  it.each(coloured)("status %i has a colour", (code) => {
    expect(ORDER_STATUS_COLORS[code]).toBeDefined();
    expect(orderStatusColor(code)).toBe(ORDER_STATUS_COLORS[code]);
    expect(orderStatusColor(String(code))).toBe(ORDER_STATUS_COLORS[code]);
  });
  it("colours exactly 0-15 and 20-23", () => {
    expect(Object.keys(ORDER_STATUS_COLORS).map(Number).sort((a, b) => a - b)).toEqual(coloured);
  });
  it.each([16, 17, 19, 24, 99, -1, 1.5, "abc", "", null, undefined])("%s is grey", (code) =>
    expect(orderStatusColor(code as number)).toBe("default"),
  );
  it.each([
    [0, "orange"], // pending payment
    [1, "blue"], // paid
    [2, "green"], // ticketed
    [4, "purple"], // ticket refunded
    [6, "purple"], // money refunded
    [5, "default"], // voided
    [8, "red"], // rejected
  ] as const)("status %i is %s", (code, colour) => expect(orderStatusColor(code)).toBe(colour));
  it("only voided (5) of the coloured statuses is grey, and every colour has a hex", () => {
    for (const code of coloured) if (code !== 5) expect(orderStatusColor(code), String(code)).not.toBe("default");
    for (const colour of Object.values(ORDER_STATUS_COLORS)) expect(STATUS_COLOR_HEX[colour]).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe("insurance status", () => {
  it.each(INSURANCE.map((zh, code) => [code, zh] as const))("%i is %s", (code, zh) =>
    expect(label(INSURANCE_STATUS, code)).toBe(zh),
  );
  it("has exactly codes 0-5", () => {
    expect(INSURANCE_STATUS.codes).toEqual(INSURANCE_STATUS_CODES);
    expect(INSURANCE_STATUS_CODES).toHaveLength(6);
    expectBilingual(INSURANCE_STATUS);
  });
});

describe("certificate types", () => {
  it.each(CERTS.map((zh, code) => [code, zh] as const))("%i is %s", (code, zh) =>
    expect(label(CERT_TYPES, code)).toBe(zh),
  );
  it("has exactly codes 0-9, and the named constants point at the right labels", () => {
    expect(CERT_TYPES.codes).toEqual(CERT_TYPE_CODES);
    expectBilingual(CERT_TYPES);
    expect(label(CERT_TYPES, CERT_TYPE.idCard)).toBe("身份证");
    expect(label(CERT_TYPES, CERT_TYPE.passport)).toBe("护照");
    expect(label(CERT_TYPES, CERT_TYPE.military)).toBe("军官证");
    expect(label(CERT_TYPES, CERT_TYPE.taiwanResidentPermit)).toBe("台湾居民居住证");
    expect(label(CERT_TYPES, CERT_TYPE.hkMacauResidentPermit)).toBe("港澳居民居住证");
    expect(label(CERT_TYPES, CERT_TYPE.civilServant)).toBe("公务员证");
    expect(label(CERT_TYPES, CERT_TYPE.taiwanPass)).toBe("台湾通行证");
    expect(label(CERT_TYPES, CERT_TYPE.hkMacauPass)).toBe("港澳通行证");
    expect(label(CERT_TYPES, CERT_TYPE.seafarer)).toBe("海员证");
    expect(label(CERT_TYPES, CERT_TYPE.other)).toBe("其他");
  });
});

describe("passenger types", () => {
  it.each(PASSENGERS)("%s is %s", (code, zh) => expect(label(PASSENGER_TYPES, code)).toBe(zh));
  it("has exactly the 9 codes in order", () => {
    expect([...PASSENGER_TYPE_CODES]).toEqual(PASSENGERS.map(([c]) => c));
    expect(PASSENGER_TYPES.codes).toEqual(PASSENGERS.map(([c]) => c));
    expectBilingual(PASSENGER_TYPES);
  });
});

describe("label()", () => {
  it("returns the code itself for unknown codes and '' for no code", () => {
    expect(label(AIR_ORDER_STATUS, 12)).toBe("12");
    expect(label(AIR_ORDER_STATUS, "x", "en")).toBe("x");
    expect(label(PASSENGER_TYPES, "adt")).toBe("adt"); // codes are case-sensitive
    expect(label(AIR_ORDER_STATUS, null)).toBe("");
    expect(label(AIR_ORDER_STATUS, undefined)).toBe("");
    expect(label(AIR_ORDER_STATUS, "")).toBe("");
  });
  it("does not read Object.prototype", () => {
    expect(label(PASSENGER_TYPES, "constructor")).toBe("constructor");
    expect(label(PASSENGER_TYPES, "toString")).toBe("toString");
    expect(label(PASSENGER_TYPES, "__proto__")).toBe("__proto__");
  });
  it("codeOptions lists the codes in the given order", () => {
    expect(codeOptions(CERT_TYPES, [1, 2], "zh")).toEqual([
      { value: 1, label: "身份证" },
      { value: 2, label: "护照" },
    ]);
    expect(codeOptions(PASSENGER_TYPES, PASSENGER_TYPE_CODES, "en")[2]).toEqual({ value: "INF", label: "Infant" });
  });
});

describe("payment business types", () => {
  it.each(PAY)("%i is %s (%s)", (no, type, zh) => {
    expect(BUSINESS_TYPE[type as keyof typeof BUSINESS_TYPE]).toBe(no);
    expect(BUSINESS_TYPE_LABELS[no as keyof typeof BUSINESS_TYPE_LABELS]).toBe(zh);
  });
});

describe.skipIf(!HAS_COPY_FILE)("code tables match copy.zh-CN.md", () => {
  it("airline order status", () => {
    expect(copyTable("Airline order status")).toEqual(AIR.map((zh, i) => [String(i), zh]));
    for (const [code, zh] of copyTable("Airline order status")) expect(label(AIR_ORDER_STATUS, code)).toBe(zh);
  });
  it("insurance status", () => {
    for (const [code, zh] of copyTable("Insurance status")) expect(label(INSURANCE_STATUS, code)).toBe(zh);
    expect(copyTable("Insurance status")).toHaveLength(INSURANCE_STATUS.codes.length);
  });
  it("certificate types", () => {
    for (const [code, zh] of copyTable("Certificate types")) expect(label(CERT_TYPES, code)).toBe(zh);
    expect(copyTable("Certificate types")).toHaveLength(CERT_TYPES.codes.length);
  });
  it("passenger types", () => {
    expect(copyTable("Passenger types")).toEqual(PASSENGER_TYPE_CODES.map((c) => [c, label(PASSENGER_TYPES, c)]));
  });
  it("payment business types", () => {
    const published = Object.entries(BUSINESS_TYPE).filter(([, no]) => no <= 8);
    expect(copyTable("Payment business types")).toEqual(published.map(([type, no]) => [String(no), type, BUSINESS_TYPE_LABELS[no]]));
  });
});
