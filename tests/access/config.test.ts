// Payment/fee switches, brand and partner site configs, API resources, the generated policy
// and the shape of the menu tree.
import { newEnforcer, newModelFromString, StringAdapter } from "casbin";
import { beforeAll, describe, expect, it } from "vitest";
import {
  API_RESOURCES, BRANDS, MODEL_TEXT, THIRD_PARTY_ROLES, THIRD_PARTY_SITES, brandFor, canCreditPay, generatePolicy,
  getAccess, keepsSignInUrl, phoneLabels, showServiceFee, siteConfigByAppId, siteConfigFor, siteSwitches, withDeployment, type Access,
} from "../../src/access";
import { COMPANY, SUB_MEMBER } from "./subjects";

let access: Access;
beforeAll(async () => {
  access = await getAccess();
});

describe("credit pay and service fee", () => {
  it.each([
    [["creditpay"], true],
    [["alipay", "wxpay", "creditpay"], true],
    [["alipay", "wxpay"], false],
    [["CREDITPAY_X"], false],
    [[], false],
    [undefined, false],
    [null, false],
  ] as const)("canCreditPay(%j) = %s", (limits, want) => {
    expect(canCreditPay(limits as string[] | null | undefined)).toBe(want);
  });
  it.each([
    [{ showServFee: 0 }, false],
    [{ showServFee: "0" }, false],
    [{ showServFee: 1 }, true],
    [{}, true],
    [null, true],
  ] as const)("showServiceFee(%j) = %s", (control, want) => {
    expect(showServiceFee(control)).toBe(want);
  });
});

describe("partners", () => {
  it("role configs carry the spec's id lists", () => {
    expect(THIRD_PARTY_ROLES.map((r) => [r.thirdNames, r.permissionsIds])).toEqual([
      ["tianhe", [12, 13, 14, 15, 23, 24, 26, 27, 31]],
      ["weilan", [2, 12, 14, 15, 23]],
    ]);
  });
  it("every role has a site config with its own app id and home route", () => {
    for (const r of THIRD_PARTY_ROLES) expect(siteConfigFor(r.thirdNames)?.homeRoute).toMatch(/^\//);
    expect(siteConfigByAppId("TH2019000001")?.thirdName).toBe("tianhe");
    expect(siteConfigByAppId("WL2020000002")?.homeRoute).toBe("/wl/index");
    expect(siteConfigByAppId("nope")).toBeUndefined();
  });
  it("keeps the sign in the URL only for listed app ids", () => {
    expect(keepsSignInUrl("TH2019000001")).toBe(true);
    expect(keepsSignInUrl("WL2020000002")).toBe(false);
    expect(keepsSignInUrl(undefined)).toBe(false);
  });
  it("holds no secrets", () => {
    const text = JSON.stringify([THIRD_PARTY_ROLES, THIRD_PARTY_SITES, BRANDS]).toLowerCase();
    expect(text).not.toMatch(/secret|password|privatekey|appkey/);
  });
});

describe("brands", () => {
  it("phones: first 客服电话, then 专属电话1..n", () => {
    expect(phoneLabels(BRANDS.confirm.phones).map((p) => p.label)).toEqual(["客服电话", "专属电话1", "专属电话2"]);
    expect(phoneLabels(BRANDS.confirm.phones, "en")[2].label).toBe("Exclusive phone 2");
    expect(phoneLabels(BRANDS.paynow.phones)).toEqual([{ label: "客服电话", phone: BRANDS.paynow.phones[0] }]);
  });
  it("brandFor defaults to pay-now", () => {
    expect(brandFor(undefined).key).toBe("paynow");
    expect(brandFor("confirm").key).toBe("confirm");
  });
  it("no brand carries a filing line or QR target of its own: the deployment sets them", () => {
    for (const b of Object.values(BRANDS)) {
      expect(b.icp).toBeNull();
      expect([b.qrCodes.app.url, b.qrCodes.publicAccount.url]).toEqual([null, null]);
      expect(b.qrCodes.app.text.zh).toBe("下载APP");
      expect(b.qrCodes.publicAccount.text.zh).toBe("关注公众号");
    }
    const deployed = withDeployment(BRANDS.paynow, { icp: " 沪ICP备2026000001号-1 ", appUrl: "https://app.example.com/get", publicAccountUrl: "javascript:alert(1)" });
    expect(deployed.icp).toBe("沪ICP备2026000001号-1");
    expect(deployed.qrCodes.app).toEqual({ url: "https://app.example.com/get", text: { zh: "下载APP", en: "Download the app" } });
    // Only web addresses become codes a phone can open.
    expect(deployed.qrCodes.publicAccount.url).toBeNull();
    expect(withDeployment(BRANDS.confirm, { icp: "  " }).icp).toBeNull();
  });
});

describe("site-config switches", () => {
  it("pay-now brand alone: everything on, 立即支付", () => {
    const s = siteSwitches(BRANDS.paynow);
    expect([s.air, s.hotel, s.train, s.showRefund, s.showChange, s.hotelBooking, s.pay]).toEqual([true, true, true, true, true, true, true]);
    expect(Object.values(s.searchForms).every(Boolean)).toBe(true);
    expect(s.payLabel).toEqual({ zh: "立即支付", en: "Pay now" });
  });
  it("confirm brand: 确认订单, train off, most search forms hidden", () => {
    const s = siteSwitches(BRANDS.confirm);
    expect(s.payLabel.zh).toBe("确认订单");
    expect(s.pay).toBe(false);
    expect(s.train).toBe(false);
    expect(s.searchForms).toEqual({ air: true, intlAir: false, hotel: false, train: false });
  });
  it("tianhe on the pay-now brand: booking confirmed, after-sales kept", () => {
    const s = siteSwitches(BRANDS.paynow, siteConfigFor("tianhe"));
    expect(s.payLabel.zh).toBe("确认订单");
    expect([s.showRefund, s.showChange, s.hotelBooking, s.applyForForm]).toEqual([true, true, true, true]);
  });
  it("weilan: refund/change buttons, hotel booking and search forms off; still pays", () => {
    const s = siteSwitches(BRANDS.paynow, siteConfigFor("weilan"));
    expect([s.showRefund, s.showChange, s.hotel, s.hotelBooking]).toEqual([false, false, false, false]);
    expect(Object.values(s.searchForms).some(Boolean)).toBe(false);
    expect(s.payLabel.zh).toBe("立即支付");
  });
});

describe("API resources", () => {
  it("declares the audiences", () => {
    expect(API_RESOURCES["exception-events"]).toBe("guest");
    expect(API_RESOURCES["member:self"]).toBe("member");
    expect(API_RESOURCES.staff).toEqual(["70"]);
    expect(API_RESOURCES["travel-standards"]).toEqual(["70"]);
    expect(API_RESOURCES.approvals).toEqual(["70", "7_0"]);
    expect(API_RESOURCES["bills:transaction"]).toEqual(["10", "20", "30", "40", "50", "70", "7_0"]);
  });
  it.each([
    [null, "exception-events", true],
    [null, "member:self", false],
    [null, "staff", false],
    [{ memberType: 10 }, "member:self", true],
    [{ memberType: 10 }, "staff", false],
    [COMPANY, "staff", true],
    [COMPANY, "travel-standards", true],
    [SUB_MEMBER, "travel-standards", false],
    [SUB_MEMBER, "my-standard", true],
    [COMPANY, "car-standards", true],
    [SUB_MEMBER, "car-standards", false],
    [SUB_MEMBER, "booking-travellers", true],
    [COMPANY, "booking-travellers", true],
    [{ memberType: 40 }, "subordinates", true],
    [COMPANY, "no-such-resource", false],
  ] as const)("%j → %s = %s", (subject, resource, want) => {
    expect(access.canApi(subject, resource, "write")).toBe(want);
    expect(access.can(subject, `api:${resource}`, "read")).toBe(want);
  });
});

describe("policy and enforcer", () => {
  it("the policy is generated from the tree", () => {
    const lines = generatePolicy().split("\n");
    expect(lines).toContain("p, 70, menu:5, view");
    expect(lines).toContain("p, 70, route:EnterpriseStall, view");
    expect(lines).toContain("p, 70, route:credit_member_list, view");
    expect(lines).toContain("p, 70, button:COMPANY_CENTRAL_INDEX, view");
    expect(lines).toContain("p, anyone, api:exception-events, *");
    expect(lines).toContain("g, guest, anyone");
    expect(lines.filter((l) => l.startsWith("p, guest,"))).toEqual([]);
    expect(new Set(lines).size).toBe(lines.length);
  });
  it("model + policy load in casbin and decide by type", async () => {
    const e = await newEnforcer(newModelFromString(MODEL_TEXT), new StringAdapter(generatePolicy()));
    expect(e.enforceSync("7_0", "menu:23", "view")).toBe(true);
    expect(e.enforceSync("10", "menu:23", "view")).toBe(false);
    expect(e.enforceSync("guest", "api:exception-events", "write")).toBe(true);
    expect(e.enforceSync("guest", "api:member:self", "read")).toBe(false);
  });
  it("getAccess builds once", async () => {
    expect(await getAccess()).toBe(access);
  });
  it("routes outside the tree are not governed; aliases follow their item", () => {
    expect(access.canRoute(null, "DomesticAirTicketQuery")).toBe(true);
    expect(access.canRoute(COMPANY, "credit_member_list")).toBe(true);
    expect(access.canRoute({ memberType: 10 }, "credit_member_list")).toBe(false);
  });
});

describe("menu tree shape", () => {
  it("company: sorted roots, dropdown flags, links to first visible child", () => {
    const tree = access.visibleMenuTree(COMPANY);
    expect(tree.map((n) => n.id)).toEqual([11, 4, 16, 25, 33]);
    expect(tree.filter((n) => n.dropdown).map((n) => n.id)).toEqual([4, 33]);
    expect(tree.find((n) => n.id === 4)?.link).toEqual({ name: "EnterpriseStall", query: undefined });
    expect(tree.find((n) => n.id === 11)?.link).toEqual({ name: "OrderLists", query: { type: "airTicket" } });
    expect(tree.find((n) => n.id === 33)?.children.map((c) => c.name)).toEqual(["企业账单", "交易账单", "结算设置", "差旅消费报表", "发票管理"]);
  });
  it("individual: account centre links to its own route; 4 links to 常用旅客", () => {
    const tree = access.visibleMenuTree({ memberType: 10 }, "en");
    expect(tree.map((n) => n.id)).toEqual([2, 11, 4, 33]);
    expect(tree[0]).toMatchObject({ name: "Account centre", link: { name: "AccountCenter" }, children: [] });
    expect(tree[2].link?.name).toBe("Passengers");
  });
  it("a sub-member without audit or trip flags loses both containers", () => {
    const s = { ...SUB_MEMBER, creditEmployee: { tripLevel: {}, canAudit: 0 } };
    expect(access.visibleMenuTree(s).map((n) => n.id)).toEqual([11, 4, 33]);
  });
  it("guests see nothing", () => {
    expect(access.visibleMenuTree(null)).toEqual([]);
    expect(access.visibleButtons(null)).toEqual([]);
  });
  it("breadcrumbs follow the tree", () => {
    expect(access.breadcrumbFor("StandardSettings")).toEqual(["差旅管理", "差旅标准"]);
    expect(access.breadcrumbFor("EditStandardSettings", "en")).toEqual(["Travel management", "Travel standards"]);
    expect(access.breadcrumbFor("AccountCenter")).toEqual(["账户中心"]);
    expect(access.breadcrumbFor("Unknown")).toEqual([]);
  });
});
