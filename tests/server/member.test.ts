// The signed-in member's own account: info, info_ex, passwords, pay password, profile, photo.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, demoPasswordMd5, type Harness } from "./harness";
import { call, count, freshClient, get, lastCode, login, wrongCode } from "./account-helpers";
import { md5 } from "../../server/services/accounts/passwords";

let h: Harness;
const db = () => h.db.db;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  freshClient();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(32, 1)]);

describe("access", () => {
  it("answers 401 on every member call without a valid token, and 400 for extra fields", async () => {
    for (const url of ["/member/info", "/member/info_ex", "/updatePsw", "/member/isPayPwdSetup", "/member/updatePayPswd", "/account/memberUpdate", "/member/photo/upload", "/login/appLogout"]) {
      expect((await call(h.app, url, {})).body, url).toMatchObject({ ret: 401, msg: "登录已过期，请重新登录" });
      expect((await call(h.app, url, { token: "0".repeat(64) })).body.ret, url).toBe(401);
    }
    const token = await login(h.app, "13800000010");
    expect((await call(h.app, "/member/info", { token, memberId: 1 })).body.ret).toBe(400);
  });
});

describe("member info", () => {
  it("answers the full user object of an individual member", async () => {
    const token = await login(h.app, "13800000010");
    const { body } = await call(h.app, "/member/info", { token });
    expect(body.ret).toBe(0);
    const u = body.data;
    expect(u).toMatchObject({
      memberId: u.id, memberType: "10", memberTypeKey: "10", memberTypeCN: "个人会员", memberLevel: 1, status: 1, statusCN: "正常",
      creditMemberId: 0, creditMember: null, creditEmployeeId: 0, creditEmployee: null, femaleEndId: 0, isThirdParty: 0, thirdPartyName: null,
      pnrImport: 0, realName: "李明", realname: "李明", mobilePhone: "13800000010", email: "liming@example.com", account: "13800000010",
      photo: null, sex: 1, experienceDate: "永久有效", ticketOrderCount: 0, serverItem: { dometicketServerFee: "0.00" },
      tripInfo: { tripPreference: { hotelConfig: { multiPay: 0 } } }, showControl: { showPayPwd: 1, showServFee: 1 },
      paymentLimits: ["wallet", "alipay", "wechat"],
      custmerExtra: { memberType: "10", companyName: null, namePhone: "李明 13800000010", identityInfo: "个人会员" },
    });
    expect(u.usecount).toBeGreaterThan(0);
    for (const key of ["username", "birthday", "remark", "memberCardType", "createTime", "appId"]) expect(u).toHaveProperty(key);
    expect(JSON.stringify(u)).not.toMatch(/passwordHash|payPasswordHash|scrypt/);
  });

  it("answers company, employee and trip level for a sub-member (7_0)", async () => {
    const token = await login(h.app, "13800000071");
    const u = (await call(h.app, "/member/info", { token })).body.data;
    expect(u).toMatchObject({
      memberTypeKey: "7_0", memberTypeCN: "信用子会员",
      creditMember: { companyName: "华信科技有限公司", serverItem: { dometicketServerFee: "20.00" } },
      creditEmployee: { canAudit: 1, departmentName: "研发部", employeeLevel: "部门主管", tripLevel: { name: "管理层", approveFlag: 1, feeFlag: 1, changeApprove: 1, overproof: 1, overApprove: 1 } },
      custmerExtra: { companyName: "华信科技有限公司", deptName: "研发部", levelName: "管理层" },
      tripInfo: { tripPreference: { hotelConfig: { multiPay: 1 } } },
    });
    expect(u.creditMemberId).toBe(u.creditMember.id);
    expect(u.creditEmployeeId).toBe(u.creditEmployee.id);
    expect(u.paymentLimits).toContain("creditpay");
  });

  it("answers the company for its main member (70)", async () => {
    const token = await login(h.app, "13800000070");
    const u = (await call(h.app, "/member/info", { token })).body.data;
    expect(u).toMatchObject({ memberTypeKey: "70", memberTypeCN: "信用主会员", creditEmployee: null, creditMember: { companyName: "华信科技有限公司" } });
    expect(u.creditMemberId).toBeGreaterThan(0);
  });

  it("answers extended info", async () => {
    const sub = (await call(h.app, "/member/info_ex", { token: await login(h.app, "13800000073") })).body.data;
    expect(sub).toMatchObject({
      memberTypeKey: "7_0", company: { name: "华信科技有限公司", dometicketServerFee: "20.00" }, department: { name: "研发部" },
      canAudit: 0, tripLevel: { name: "差旅专员", approveFlag: 1 },
      standardsSummary: { rules: ["出行需事前审批", "费用需审批", "改签需审批", "超标需审批"] },
    });
    const plain = (await call(h.app, "/member/info_ex", { token: await login(h.app, "13800000072") })).body.data;
    expect(plain).toMatchObject({ tripLevel: { approveFlag: 0 }, standardsSummary: { rules: [], text: "无差旅管控" } });
    const single = (await call(h.app, "/member/info_ex", { token: await login(h.app, "13800000020") })).body.data;
    expect(single).toMatchObject({ memberTypeKey: "20", company: null, department: null, tripLevel: null });
  });
});

describe("change password", () => {
  const NEW = md5("changed999");

  it("refuses a wrong old password, the same password and bad input, changing nothing", async () => {
    const token = await login(h.app, "13800000020");
    const before = await db().selectFrom("members").select(["passwordHash", "updateTime"]).where("mobilePhone", "=", "13800000020").executeTakeFirstOrThrow();
    expect((await call(h.app, "/updatePsw", { token, oldPswd: md5("wrong"), pswd: NEW })).body).toMatchObject({ ret: 1204, msg: "原密码错误，还可尝试4次" });
    expect((await call(h.app, "/updatePsw", { token, oldPswd: demoPasswordMd5, pswd: demoPasswordMd5 })).body).toMatchObject({ ret: 1205, msg: "新密码不能与原密码相同" });
    expect((await call(h.app, "/updatePsw", { token, pswd: NEW })).body).toMatchObject({ ret: 400, msg: "请输入原密码" });
    expect((await call(h.app, "/updatePsw", { token, oldPswd: demoPasswordMd5, pswd: "123" })).body).toMatchObject({ ret: 400, msg: "密码格式不正确" });
    const after = await db().selectFrom("members").select(["passwordHash", "updateTime"]).where("mobilePhone", "=", "13800000020").executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("changes the password, keeping this session and revoking the others", async () => {
    const mine = await login(h.app, "13800000020");
    const other = await login(h.app, "13800000020");
    const r = await call(h.app, "/updatePsw", { token: mine, oldPswd: demoPasswordMd5, pswd: NEW });
    expect(r.body.ret).toBe(0);
    expect((await call(h.app, "/member/info", { token: mine })).body.ret).toBe(0);
    expect((await call(h.app, "/member/info", { token: other })).body.ret).toBe(401);
    await login(h.app, "13800000020", NEW);
  });
});

describe("pay password", () => {
  it("sets the pay password with a paypwd code sent to the member's own phone", async () => {
    const token = await login(h.app, "13800000030");
    expect((await call(h.app, "/member/isPayPwdSetup", { token })).body.data).toEqual({ isSetup: false });
    // The paypwd code needs a session and the member's own phone.
    expect((await call(h.app, "/common/sendCode", { mobilePhone: "13800000030", type: "paypwd" })).body.ret).toBe(401);
    expect((await call(h.app, "/common/sendCode", { token, mobilePhone: "13800000040", type: "paypwd" })).body).toMatchObject({ ret: 1304, msg: "只能向本人绑定的手机号发送该验证码" });
    expect((await call(h.app, "/common/sendCode", { token, mobilePhone: "13800000030", type: "paypwd" })).body).toMatchObject({ ret: 0, msg: "短信验证码已发送" });
    const code = await lastCode(h.app, "13800000030");

    expect((await call(h.app, "/member/updatePayPswd", { token, payPswd: md5("246810") })).body).toMatchObject({ ret: 400, msg: "请输入短信验证码" });
    expect((await call(h.app, "/member/updatePayPswd", { token, payPswd: "246810", smsCode: code })).body).toMatchObject({ ret: 400, msg: "密码格式不正确" });
    expect((await call(h.app, "/member/updatePayPswd", { token, payPswd: md5("246810"), smsCode: wrongCode(code) })).body.ret).toBe(1102);
    expect((await call(h.app, "/member/isPayPwdSetup", { token })).body.data.isSetup).toBe(false);

    expect((await call(h.app, "/member/updatePayPswd", { token, payPswd: md5("246810"), smsCode: code })).body).toMatchObject({ ret: 0, data: { isSetup: true } });
    expect((await call(h.app, "/member/isPayPwdSetup", { token })).body.data).toEqual({ isSetup: true });
    const row = await db().selectFrom("members").select("payPasswordHash").where("mobilePhone", "=", "13800000030").executeTakeFirstOrThrow();
    expect(row.payPasswordHash).toMatch(/^scrypt\$/);
  });
});

describe("profile update", () => {
  it("updates only the given fields and answers the new user object", async () => {
    const token = await login(h.app, "13800000040");
    const r = await call(h.app, "/account/memberUpdate", { token, realName: "Sun Li", email: "sunli@example.cn", birthday: "1988-02-29", remark: "常旅客" });
    expect(r.body.ret).toBe(0);
    expect(r.body.data).toMatchObject({ realName: "Sun Li", realname: "Sun Li", email: "sunli@example.cn", birthday: "1988-02-29", remark: "常旅客", sex: 1 });
    const cleared = await call(h.app, "/account/memberUpdate", { token, sex: 2, remark: "" });
    expect(cleared.body.data).toMatchObject({ realName: "Sun Li", sex: 2, remark: null });
  });

  it("refuses bad fields with a clear message, changing nothing", async () => {
    const token = await login(h.app, "13800000050");
    const before = await db().selectFrom("members").selectAll().where("mobilePhone", "=", "13800000050").executeTakeFirstOrThrow();
    const cases: [Record<string, string | number>, string][] = [
      [{ realName: "吴" }, "姓名须为2-20个中文或英文字符"],
      [{ realName: "吴gang" }, "姓名须为2-20个中文或英文字符"],
      [{ realName: "一二三四五六七八九十一二三四五六七八九十一" }, "姓名须为2-20个中文或英文字符"],
      [{ email: "not-an-email" }, "请输入正确的邮箱地址"],
      [{ email: 'a"<img/src=x>@b.cn' }, "请输入正确的邮箱地址"],
      [{ sex: 3 }, "性别只能是1（男）或2（女）"],
      [{ birthday: "2999-01-01" }, "生日须为今天以前的日期，格式为YYYY-MM-DD"],
      [{ birthday: "1990-02-30" }, "生日须为今天以前的日期，格式为YYYY-MM-DD"],
      [{ birthday: "1990-2-3" }, "生日须为今天以前的日期，格式为YYYY-MM-DD"],
      [{ remark: "字".repeat(201) }, "备注最多200个字符"],
      [{}, "请至少填写一项要修改的资料"],
    ];
    for (const [body, msg] of cases) {
      const r = await call(h.app, "/account/memberUpdate", { token, ...body });
      expect(r.body, JSON.stringify(body)).toMatchObject({ ret: 400, msg });
    }
    expect((await call(h.app, "/account/memberUpdate", { token, realName: "吴刚", mobilePhone: "13900000000" })).body.ret).toBe(400);
    const after = await db().selectFrom("members").selectAll().where("mobilePhone", "=", "13800000050").executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe("photo", () => {
  it("stores a photo, serves its bytes and replaces the previous one", async () => {
    const token = await login(h.app, "13800000070");
    const r = await call(h.app, "/member/photo/upload", { token, fileName: "me.png", mime: "image/png", dataBase64: PNG.toString("base64") });
    expect(r.body).toMatchObject({ ret: 0, data: { fileName: "me.png", size: PNG.length } });
    const url: string = r.body.data.url;
    expect(url).toMatch(/^\/api\/file\/[0-9a-f]{32}$/);
    const res = await h.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect((await call(h.app, "/member/info", { token })).body.data.photo).toEqual({ fileName: "me.png", url });

    const files = await count(db(), "files");
    const jpeg = await call(h.app, "/member/photo/upload", { token, fileName: "me.jpg", mime: "image/jpeg", dataBase64: `data:image/jpeg;base64,${JPEG.toString("base64")}` });
    expect(jpeg.body.ret).toBe(0);
    expect(await count(db(), "files")).toBe(files);
    expect((await h.app.inject({ method: "GET", url })).json()).toMatchObject({ ret: 1501, msg: "文件不存在" });
    const webp = await call(h.app, "/member/photo/upload", { token, fileName: "me.webp", mime: "image/webp", dataBase64: WEBP.toString("base64") });
    expect(webp.body.ret).toBe(0);
    expect((await h.app.inject({ method: "GET", url: webp.body.data.url })).headers["content-type"]).toBe("image/webp");
  });

  it("refuses a wrong type, bytes that do not match, bad Base64 and a photo over 512 KiB, storing nothing", async () => {
    const token = await login(h.app, "13800000010");
    const files = await count(db(), "files");
    const b64 = PNG.toString("base64");
    const cases: [Record<string, string>, number, string][] = [
      [{ fileName: "a.gif", mime: "image/gif", dataBase64: b64 }, 400, "仅支持PNG、JPEG、WebP格式的图片"],
      [{ fileName: "a.jpg", mime: "image/jpeg", dataBase64: b64 }, 1502, "图片内容与所选格式不符"],
      [{ fileName: "a.png", mime: "image/png", dataBase64: Buffer.from("<svg onload=alert(1)>").toString("base64") }, 1502, "图片内容与所选格式不符"],
      [{ fileName: "a.png", mime: "image/png", dataBase64: "@@not base64@@" }, 400, "图片数据不是有效的Base64编码"],
      [{ fileName: "a.png", mime: "image/png", dataBase64: "" }, 400, "图片内容为空"],
      [{ fileName: "../a.png", mime: "image/png", dataBase64: b64 }, 400, "文件名不正确"],
      [{ fileName: "big.png", mime: "image/png", dataBase64: Buffer.concat([PNG, Buffer.alloc(512 * 1024)]).toString("base64") }, 400, "图片大小不能超过512KB"],
    ];
    for (const [body, ret, msg] of cases) {
      const r = await call(h.app, "/member/photo/upload", { token, ...body });
      expect(r.body, body.fileName).toMatchObject({ ret, msg });
    }
    expect(await count(db(), "files")).toBe(files);
    expect((await call(h.app, "/member/info", { token })).body.data.photo).toBeNull();
  });

  it("answers an unknown or malformed file id with a clear message", async () => {
    expect((await get(h.app, `/file/${"a".repeat(32)}`)).json()).toMatchObject({ ret: 1501, msg: "文件不存在" });
    expect((await get(h.app, "/file/1' or '1'='1")).json()).toMatchObject({ ret: 1501 });
  });
});
