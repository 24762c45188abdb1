import { describe, expect, it } from "vitest";
import { MESSAGES, msg, type MessageKey } from "../../src/domain/messages";
import "../../src/domain/messages-en";
import { copyTable, HAS_COPY_FILE } from "./copy-file";

// copy.zh-CN.md "Validation and feedback messages": spec text -> [key, zh verbatim].
const COPY: [string, MessageKey, string][] = [
  ["please enter a correct mobile number", "mobileInvalid", "请输入正确的手机号码"],
  ["please enter your account", "accountRequired", "请输入账号"],
  ["please enter the account password", "accountPasswordRequired", "请输入账号密码"],
  ["please enter the verification code", "captchaRequired", "请输入验证码"],
  ["verification code error", "captchaError", "验证码错误"],
  ["please enter the SMS verification code", "smsCodeRequired", "请输入短信验证码"],
  ["password must be 6-16 characters", "passwordLength", "密码长度为6-16位"],
  ["please set a login password", "loginPasswordRequired", "请设置登录密码"],
  ["please set a new password", "newPasswordRequired", "请设置新密码"],
  ["please confirm the password again", "confirmPasswordRequired", "请再次确认密码"],
  ["the two passwords do not match", "passwordMismatch", "两次输入的密码不一致"],
  ["agreement not ticked", "agreementRequired", "请阅读并勾选《服务协议》"],
  ["SMS verification code sent", "smsCodeSent", "短信验证码已发送"],
  ["Do you want to perform this operation!", "confirmOperation", "是否执行此操作！"],
  ["loading...", "loading", "加载中..."],
  ["I know (covid notice)", "iKnow", "我知道了"],
  ["order paid successfully", "orderPaid", "订单支付成功"],
  ["session expired (401)", "sessionExpired", "登录已过期，请重新登录"],
];

describe("MESSAGES", () => {
  it.each(COPY)("%s -> %s is verbatim", (_spec, key, zh) => {
    expect(MESSAGES.zh[key]).toBe(zh);
    expect(msg(key)).toBe(zh);
    expect(msg(key, "zh")).toBe(zh);
  });

  it("confirm / cancel are split from '确定 / 取消'", () => {
    expect(`${MESSAGES.zh.confirm} / ${MESSAGES.zh.cancel}`).toBe("确定 / 取消");
  });

  it("both locale files have the same keys; every message has a non-empty zh and en text, and en is not the zh text", () => {
    expect(Object.keys(MESSAGES.en).sort()).toEqual(Object.keys(MESSAGES.zh).sort());
    for (const key of Object.keys(MESSAGES.zh) as MessageKey[]) {
      const [zh, en] = [MESSAGES.zh[key], MESSAGES.en[key]];
      expect(zh, key).not.toBe("");
      expect(en, key).not.toBe("");
      expect(en, key).not.toBe(zh);
      expect(en, key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("msg() picks the language", () => {
    expect(msg("mobileInvalid", "en")).toBe("Please enter a correct mobile number");
    expect(msg("sessionExpired", "en")).toBe("Your session has expired, please log in again");
  });

  it("msg() fills placeholders and leaves unknown ones", () => {
    expect(msg("resendIn", "zh", { n: 59 })).toBe("59s后重新发送");
    expect(msg("resendIn", "en", { n: 3 })).toBe("Resend in 3s");
    expect(msg("resendIn")).toBe("{n}s后重新发送");
    expect(msg("resendIn", "zh", { m: 1 })).toBe("{n}s后重新发送");
  });

  it.skipIf(!HAS_COPY_FILE)("matches copy.zh-CN.md", () => {
    const rows = copyTable("Validation and feedback messages");
    const bySpec = new Map(rows.map(([spec, zh]) => [spec, zh]));
    for (const [spec, , zh] of COPY) expect(bySpec.get(spec), spec).toBe(zh);
    expect(bySpec.get("confirm / cancel")).toBe(`${MESSAGES.zh.confirm} / ${MESSAGES.zh.cancel}`);
    const login = new Map(copyTable("Login dialog").map(([spec, zh]) => [spec, zh]));
    expect(login.get("Ns to resend")).toBe(MESSAGES.zh.resendIn);
  });
});
