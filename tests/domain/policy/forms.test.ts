// The policy forms' schemas, which the browser and the server both validate with.
import { describe, expect, it } from "vitest";
import { applicationSaveSchema, carRideProblems, carStandardFormSchema, cityTiersSchema, createApplicationSchema, decisionFormSchema, flowFormSchema, inTimeWindows, mayBookFor, preferencesFormSchema, replaceBookerFormSchema, standardFormSchema, autoApproves, withPreferenceDefaults, DEFAULT_PREFERENCES } from "../../../src/domain/policy";
import { fenToYuan, formatFen, parseYuan, yuanText } from "../../../src/domain/money";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("fen and yuan", () => {
  it.each([
    ["1280", 128000], ["1280.5", 128050], ["1280.50", 128050], ["0.01", 1], [" 3 ", 300], [12.5, 1250],
  ] as const)("%s yuan → %i fen", (yuan, fen) => expect(parseYuan(yuan)).toBe(fen));
  it.each(["", "-1", "1.234", "1e3", "abc", "1,280"])("%s is no amount", (text) => expect(parseYuan(text)).toBeNull());
  it("formats fen", () => {
    expect(fenToYuan(128050)).toBe("1280.50");
    expect(formatFen(123456789)).toBe("1,234,567.89");
    expect(yuanText(150000)).toBe("1500");
    expect(yuanText(128050)).toBe("1280.5");
  });
});

describe("standardFormSchema", () => {
  const valid = {
    tripLevelId: "3", overAction: "approve",
    flight: { cabins: ["Y", "Y", "W"], maxDiscount: "", maxPriceFen: "150000", lowestFareHours: "2" },
    hotel: { capsFen: { tier1: "60000", tier2: 45000, tier3: "", other: null } },
    train: { seats: ["second"] },
  };

  it("reads form-encoded strings, folds duplicates and treats empty as not set", () => {
    expect(standardFormSchema.parse(valid)).toEqual({
      tripLevelId: 3, overAction: "approve",
      flight: { cabins: ["Y", "W"], maxDiscount: null, maxPriceFen: 150000, lowestFareHours: 2 },
      hotel: { capsFen: { tier1: 60000, tier2: 45000, tier3: null, other: null } },
      train: { seats: ["second"] },
    });
  });

  it.each([
    [{ flight: { ...valid.flight, cabins: undefined } }, "请至少选择一种可乘坐的舱位"],
    [{ flight: { ...valid.flight, cabins: ["X"] } }, "舱位不正确"],
    [{ flight: { ...valid.flight, maxDiscount: "101" } }, "最高折扣须为 1 到 100 之间的整数（百分比）"],
    [{ flight: { ...valid.flight, lowestFareHours: "13" } }, "比价时间范围须为 1 到 12 小时"],
    [{ flight: { ...valid.flight, maxPriceFen: "12.5" } }, "最高票价须为 0.01 到 1000 万元之间的金额"],
    [{ hotel: { capsFen: { ...valid.hotel.capsFen, tier1: "-1" } } }, "一线城市每晚限额须为 0.01 到 1000 万元之间的金额"],
    [{ train: { seats: [] } }, "请至少选择一种可乘坐的席别"],
    [{ overAction: "maybe" }, "请选择超标后的处理方式"],
    [{ tripLevelId: "" }, "请选择差旅等级"],
  ])("%j → %s", (patch, message) => {
    expect(firstMessage(standardFormSchema.safeParse({ ...valid, ...patch }))).toBe(message);
  });
});

describe("cityTiersSchema", () => {
  it("keeps a city in one tier only", () => {
    const r = cityTiersSchema.safeParse({ tier1: [{ code: "1101", name: "北京市" }], tier2: [{ code: "1101", name: "北京市" }] });
    expect(firstMessage(r)).toBe("北京市只能属于一个城市等级");
    expect(cityTiersSchema.parse({ tier1: [{ code: "1101", name: "北京市" }] })).toEqual({ tier1: [{ code: "1101", name: "北京市" }], tier2: [], tier3: [] });
  });
});

describe("flowFormSchema", () => {
  const valid = {
    name: " 研发审批 ", covers: "trip", allEmployees: "0", departmentIds: ["2"], employeeIds: [],
    levels: [{ approvers: [{ type: "departmentHead" }], timeoutHours: "24" }, { approvers: [{ type: "employee", employeeId: "5" }, { type: "admin" }] }],
    onTimeout: "next",
  };
  it("parses the form", () => {
    expect(flowFormSchema.parse(valid)).toEqual({
      name: "研发审批", covers: "trip", allEmployees: false, departmentIds: [2], employeeIds: [], enabled: true, onTimeout: "next",
      levels: [{ approvers: [{ type: "departmentHead" }], timeoutHours: 24 }, { approvers: [{ type: "employee", employeeId: 5 }, { type: "admin" }], timeoutHours: null }],
    });
  });
  it.each([
    [{ name: "" }, "请输入流程名称"],
    [{ levels: [] }, "请至少设置一级审批"],
    [{ levels: [{ approvers: [] }] }, "请为每一级选择审批人"],
    [{ levels: [{ approvers: [{ type: "admin" }, { type: "admin" }] }] }, "同一级中审批人不能重复"],
    [{ levels: [{ approvers: [{ type: "boss" }] }] }, "审批人类型不正确"],
    [{ levels: [{ approvers: [{ type: "admin" }], timeoutHours: "0" }] }, "审批时限须为 1 到 720 小时"],
    [{ departmentIds: [] }, "请选择流程适用的部门或员工"],
    [{ covers: "all" }, "请选择流程适用的审批类型"],
  ])("%j → %s", (patch, message) => expect(firstMessage(flowFormSchema.safeParse({ ...valid, ...patch }))).toBe(message));
});

describe("createApplicationSchema", () => {
  const schema = createApplicationSchema("2030-5-10");
  const valid = {
    purpose: "客户拜访", scope: "domestic", startDate: "2030-5-10", endDate: "2030-05-12", fromCity: "北京", toCities: ["上海", "杭州"],
    travellerEmployeeIds: ["3"], externalTravellers: [{ name: "王五", mobilePhone: "" }], modes: ["flight", "hotel"], budgetFen: "300000",
  };
  it("parses the form and writes dates zero-padded", () => {
    expect(schema.parse(valid)).toMatchObject({ startDate: "2030-05-10", endDate: "2030-05-12", travellerEmployeeIds: [3], externalTravellers: [{ name: "王五", mobilePhone: undefined }], budgetFen: 300000 });
  });
  it.each([
    [{ purpose: "" }, "请填写出差事由"],
    [{ purpose: "访" }, "出差事由为 2 到 200 个字"],
    [{ startDate: "2030-5-9" }, "出发日期不能早于今天"],
    [{ startDate: "2030-2-30" }, "请输入正确的日期"],
    [{ endDate: "2030-5-9" }, "返回日期不能早于出发日期"],
    [{ endDate: "2030-8-8" }, "单次出差最长 90 天"],
    [{ toCities: [] }, "请填写目的地城市"],
    [{ travellerEmployeeIds: [], externalTravellers: [] }, "请至少选择一位出行人"],
    [{ externalTravellers: [{ name: "王五", mobilePhone: "123" }] }, "请输入正确的手机号码"],
    [{ modes: [] }, "请至少选择一种出行方式"],
    [{ budgetFen: "0" }, "预算须为 0.01 到 1000 万元之间的金额"],
    [{ scope: "moon" }, "请选择国内或国际出差"],
  ])("%j → %s", (patch, message) => expect(firstMessage(schema.safeParse({ ...valid, ...patch }))).toBe(message));
  it("takes the draft's id and whether to submit on save", () => {
    expect(applicationSaveSchema("2030-5-10").parse({ ...valid, id: "7", submit: "1" })).toMatchObject({ id: 7, submit: true });
    expect(applicationSaveSchema("2030-5-10").parse(valid)).toMatchObject({ submit: false });
  });
});

describe("decisionFormSchema", () => {
  it("needs a comment to reject, not to approve", () => {
    expect(decisionFormSchema.parse({ approvalId: "1", action: "approve", level: "2" })).toEqual({ approvalId: 1, action: "approve", level: 2 });
    expect(firstMessage(decisionFormSchema.safeParse({ approvalId: "1", action: "reject", comment: " " }))).toBe("驳回时请填写审批意见");
    expect(firstMessage(decisionFormSchema.safeParse({ approvalId: "1", action: "cancel" }))).toBe("请选择同意或驳回");
  });
});

describe("car standards", () => {
  const valid = { name: "用车", tripLevelIds: ["1"], carTypes: ["economy"], allCities: "0", cities: [{ code: "1101", name: "北京市" }], timeWindows: [{ start: "22:00", end: "06:00" }], perRideCapFen: "20000", monthlyCapFen: "" };
  it("parses and checks the form", () => {
    expect(carStandardFormSchema.parse(valid)).toMatchObject({ tripLevelIds: [1], allCities: false, perRideCapFen: 20000, monthlyCapFen: null });
    expect(firstMessage(carStandardFormSchema.safeParse({ ...valid, cities: [] }))).toBe("请选择用车城市");
    expect(firstMessage(carStandardFormSchema.safeParse({ ...valid, tripLevelIds: [] }))).toBe("请选择适用的差旅等级");
    expect(firstMessage(carStandardFormSchema.safeParse({ ...valid, monthlyCapFen: "10000" }))).toBe("每月限额不能低于单次限额");
    expect(firstMessage(carStandardFormSchema.safeParse({ ...valid, timeWindows: [{ start: "25:00", end: "06:00" }] }))).toBe("时间格式为 HH:mm");
  });
  it("judges a ride, with windows past midnight", () => {
    expect(inTimeWindows([{ start: "22:00", end: "06:00" }], "23:30")).toBe(true);
    expect(inTimeWindows([{ start: "22:00", end: "06:00" }], "05:59")).toBe(true);
    expect(inTimeWindows([{ start: "22:00", end: "06:00" }], "06:00")).toBe(false);
    expect(inTimeWindows([], "12:00")).toBe(true);
    const std = carStandardFormSchema.parse(valid);
    expect(carRideProblems(std, { carType: "economy", cityCode: "1101", at: "23:00", amountFen: 20000, monthSpentFen: 0 })).toEqual([]);
    expect(carRideProblems(std, { carType: "luxury", cityCode: "3101", at: "12:00", amountFen: 20001, monthSpentFen: 0 })).toEqual([
      "车型超标：可选经济型", "该城市不在用车范围内", "不在允许的用车时段内", "超出单次用车限额",
    ]);
  });
});

describe("preferences", () => {
  const valid = { hotelConfig: { multiPay: "1" }, requireApplication: "0", overReasons: ["航班时刻原因"], autoDecisions: { approveWithinStandardMaxFen: "", rejectExpiredFare: "1" } };
  it("parses flags as 0/1", () => {
    expect(preferencesFormSchema.parse(valid)).toEqual({ hotelConfig: { multiPay: 1 }, requireApplication: 0, overReasons: ["航班时刻原因"], overSelfPay: 0, autoDecisions: { approveWithinStandardMaxFen: null, rejectExpiredFare: 1 } });
    expect(preferencesFormSchema.parse({ ...valid, overSelfPay: "1" }).overSelfPay).toBe(1);
    expect(firstMessage(preferencesFormSchema.safeParse({ ...valid, overReasons: ["a", "a"] }))).toBe("超标原因不能重复");
    expect(firstMessage(preferencesFormSchema.safeParse({ ...valid, overReasons: [] }))).toBe("请至少设置一条超标原因");
  });
  it("fills what a stored row lacks with the defaults", () => {
    expect(withPreferenceDefaults(null)).toEqual(DEFAULT_PREFERENCES);
    expect(withPreferenceDefaults({ hotelConfig: { multiPay: 0 } })).toEqual({ ...DEFAULT_PREFERENCES, hotelConfig: { multiPay: 0 } });
  });
  it("approves automatically only within the standard and at most the amount", () => {
    const prefs = { ...DEFAULT_PREFERENCES, autoDecisions: { approveWithinStandardMaxFen: 100000, rejectExpiredFare: 1 as const } };
    expect(autoApproves(prefs, { withinStandard: true, amountFen: 100000 })).toBe(true);
    expect(autoApproves(prefs, { withinStandard: true, amountFen: 100001 })).toBe(false);
    expect(autoApproves(prefs, { withinStandard: false, amountFen: 1 })).toBe(false);
    expect(autoApproves(DEFAULT_PREFERENCES, { withinStandard: true, amountFen: 1 })).toBe(false);
  });
});

describe("replace-booking", () => {
  it("checks the scope's list", () => {
    expect(firstMessage(replaceBookerFormSchema.safeParse({ bookerEmployeeId: "1", scope: "departments" }))).toBe("请选择可代订的部门");
    expect(firstMessage(replaceBookerFormSchema.safeParse({ bookerEmployeeId: "1", scope: "employees" }))).toBe("请选择可代订的员工");
    expect(replaceBookerFormSchema.parse({ bookerEmployeeId: "1", scope: "all" })).toEqual({ bookerEmployeeId: 1, scope: "all", departmentIds: [], employeeIds: [] });
  });
  it("lets everyone book for themselves and a booker for the people their rule names", () => {
    const t = (employeeId: number, departmentPath: number[]) => ({ employeeId, departmentPath });
    expect(mayBookFor({ employeeId: 1, rule: null }, t(1, []))).toBe(true);
    expect(mayBookFor({ employeeId: 1, rule: null }, t(2, []))).toBe(false);
    expect(mayBookFor({ employeeId: 1, rule: { scope: "all", departmentIds: [], employeeIds: [] } }, t(2, []))).toBe(true);
    expect(mayBookFor({ employeeId: 1, rule: { scope: "departments", departmentIds: [2], employeeIds: [] } }, t(3, [5, 2, 1]))).toBe(true);
    expect(mayBookFor({ employeeId: 1, rule: { scope: "departments", departmentIds: [2], employeeIds: [] } }, t(3, [4]))).toBe(false);
    expect(mayBookFor({ employeeId: 1, rule: { scope: "employees", departmentIds: [], employeeIds: [3] } }, t(3, []))).toBe(true);
  });
});
