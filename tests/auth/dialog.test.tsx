// @vitest-environment jsdom
// The login dialog's four modes against the real server: validation order with only the first
// error shown, mode switching, closing, MD5 payloads and the success steps.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { getLoginDialog, requestLogin } from "../../src/providers/login-dialog";
import { getStoredUser, getToken } from "../../src/providers/session-store";
import { passwordDigest } from "../../src/domain/forms/auth";
import { DIALOG_WIDTH } from "../../src/domain/format";
import { renderAt, useLiveServer } from "./live";

const s = useLiveServer();
afterEach(() => {
  vi.restoreAllMocks();
});

const dialog = () => screen.getByRole("dialog");
const input = (placeholder: string) => within(dialog()).getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(input(placeholder), { target: { value } });
// By the visible text: in jsdom a button's loading icon is never animated out (no transition
// events), so after a first submit its accessible name keeps a "loading" prefix.
const button = (name: string) => {
  const found = within(dialog())
    .getAllByRole("button")
    .find((b) => (b.textContent ?? "").replace(/\s/g, "") === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const submit = (name: string) => fireEvent.click(button(name));
/** The dialog's one message area. */
const errorText = () => within(dialog()).getByRole("alert").textContent;

async function open(request: "login" | "register" | "reset" = "login") {
  renderAt("/");
  act(() => requestLogin(request));
  return screen.findByRole("dialog");
}

async function expectError(text: string) {
  // Generous: a refused login waits for the server's password hashing, slow under a busy CPU.
  await waitFor(() => expect(errorText()).toBe(text), { timeout: 5000 });
  expect(within(dialog()).getAllByRole("alert")).toHaveLength(1);
}

describe("mode 1: account + password + captcha", { timeout: 120_000 }, () => {
  it("opens as 会员登录, 640 px wide, with the switch and the links", async () => {
    await open();
    expect(within(dialog()).getByText("会员登录")).toBeTruthy();
    expect((document.querySelector(".ant-modal") as HTMLElement).style.width).toBe(`${DIALOG_WIDTH}px`);
    for (const text of ["账号密码登录", "手机验证码登录", "忘记密码？", "没有账号，立即注册"]) expect(within(dialog()).getByText(text)).toBeTruthy();
    expect(input("请输入手机号/账号")).toBeTruthy();
    expect(input("请输入密码").maxLength).toBe(16);
    expect(within(dialog()).getByRole("button", { name: "看不清？点击换一张" })).toBeTruthy();
  });

  it("validates account, password, captcha presence, captcha value — one message at a time", async () => {
    await open();
    submit("登录");
    await expectError("请输入账号");
    type("请输入手机号/账号", "   ");
    submit("登录");
    await expectError("请输入账号");
    type("请输入手机号/账号", "13800000010");
    submit("登录");
    await expectError("请输入账号密码");
    type("请输入密码", "demo123456");
    submit("登录");
    await expectError("请输入验证码");
    type("请输入验证码", "####"); // never a generated code
    submit("登录");
    await expectError("验证码错误");
    expect(s.bodies("/login/appNewLogin")).toHaveLength(0);
  });

  /** Waits for the server's picture, then reads its answer as a person would. */
  async function shownCaptcha() {
    // Generous, like expectError: the picture is drawn by the server, slow under a busy CPU.
    await waitFor(() => expect(within(dialog()).getByRole("button", { name: "看不清？点击换一张" }).querySelector("img")).toBeTruthy(), { timeout: 30_000 });
    return s.lastCaptcha();
  }

  it("accepts the shown code ignoring case, sends it with its id and the password as MD5", async () => {
    await open();
    const answer = await shownCaptcha();
    type("请输入手机号/账号", "13800000010");
    type("请输入密码", "demo123456");
    type("请输入验证码", answer.toUpperCase() === answer ? answer.toLowerCase() : answer.toUpperCase());
    submit("登录");
    await waitFor(() => expect(getToken()).toBeTruthy());
    const sent = s.bodies("/login/appNewLogin").at(-1);
    expect(sent).toMatchObject({ mobilePhone: "13800000010", loginPsw: passwordDigest("demo123456"), captchaId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(JSON.stringify(s.bodies("/login/appNewLogin"))).not.toContain("demo123456");
    await waitFor(() => expect(getLoginDialog().open).toBe(false));
    expect(getStoredUser<{ realName: string; memberTypeCN: string }>()).toMatchObject({ realName: expect.any(String), memberTypeCN: "个人会员" });
  });

  it("-9990 bypasses the captcha; a refused login is shown in the dialog and renews the captcha", async () => {
    await open();
    await shownCaptcha();
    const issued = () => s.received.filter((r) => r.url === "/api/captcha/new").length;
    const before = issued();
    type("请输入手机号/账号", "13800000020");
    type("请输入密码", "wrong-pass");
    type("请输入验证码", "-9990");
    submit("登录");
    await expectError("账号或密码错误，还可尝试4次");
    expect(getToken()).toBeNull();
    expect(input("请输入验证码").value).toBe("");
    await waitFor(() => expect(issued()).toBe(before + 1));
  });

  it("a wrong answer of the right shape is refused by the server; clicking the picture gives a new one", async () => {
    await open();
    const first = await shownCaptcha();
    type("请输入手机号/账号", "13800000030");
    type("请输入密码", "x".repeat(8));
    type("请输入验证码", first === "2222" ? "3333" : "2222");
    submit("登录");
    await expectError("验证码错误");
    const issuedBefore = s.received.filter((r) => r.url === "/api/captcha/new").length;
    fireEvent.click(within(dialog()).getByRole("button", { name: "看不清？点击换一张" }));
    await waitFor(() => expect(s.received.filter((r) => r.url === "/api/captcha/new").length).toBeGreaterThan(issuedBefore));
    const next = await shownCaptcha();
    type("请输入验证码", next);
    submit("登录");
    // The right captcha lets the password be checked: the wrong one is told, not the captcha.
    await expectError("账号或密码错误，还可尝试4次");
  });
});

describe("mode 2: mobile + SMS code", () => {
  async function openMobile() {
    await open();
    fireEvent.click(within(dialog()).getByText("手机验证码登录"));
    await waitFor(() => expect(input("请输入短信验证码")).toBeTruthy());
  }

  it("validates phone then code; limits the inputs", async () => {
    await openMobile();
    expect(input("请输入手机号").maxLength).toBe(11);
    expect(input("请输入短信验证码").maxLength).toBe(6);
    submit("登录");
    await expectError("请输入正确的手机号码");
    type("请输入手机号", "1380000001");
    submit("登录");
    await expectError("请输入正确的手机号码");
    type("请输入手机号", "13800000040");
    submit("登录");
    await expectError("请输入短信验证码");
  });

  it("the send button warns about a bad phone and sends nothing", async () => {
    await openMobile();
    type("请输入手机号", "12345");
    submit("获取验证码");
    expect(await screen.findByText("请输入正确的手机号码")).toBeTruthy();
    expect(s.bodies("/login/appNewLoginPhoneCode")).toHaveLength(0);
  });

  it("signs in with the code from the SMS", async () => {
    await openMobile();
    type("请输入手机号", "13800000040");
    submit("获取验证码");
    expect(await screen.findByText("短信验证码已发送")).toBeTruthy();
    type("请输入短信验证码", await s.lastCode("13800000040"));
    submit("登录");
    await waitFor(() => expect(getToken()).toBeTruthy());
    expect(getStoredUser<{ memberTypeKey: string }>()?.memberTypeKey).toBe("40");
  });
});

describe("mode 3: register", () => {
  it("validates every field in order", async () => {
    await open("register");
    expect(within(dialog()).getByText("欢迎注册")).toBeTruthy();
    const checkbox = within(dialog()).getByRole("checkbox") as HTMLInputElement;
    expect(checkbox.checked).toBe(true); // ticked by default
    submit("立即注册");
    await expectError("请输入正确的手机号码");
    type("请输入手机号", "13912340000");
    submit("立即注册");
    await expectError("请输入短信验证码");
    type("请输入短信验证码", "123456");
    submit("立即注册");
    await expectError("请设置登录密码");
    type("请设置6-16位登录密码", "12345");
    submit("立即注册");
    await expectError("密码长度为6-16位");
    type("请设置6-16位登录密码", "12345678901234567");
    submit("立即注册");
    await expectError("密码长度为6-16位");
    type("请设置6-16位登录密码", "abc12345");
    type("推荐人手机号（选填）", "123");
    submit("立即注册");
    await expectError("请输入正确的手机号码");
    type("推荐人手机号（选填）", "");
    fireEvent.click(checkbox);
    submit("立即注册");
    await expectError("请阅读并勾选《服务协议》");
    expect(s.bodies("/register/appRegisterSave")).toHaveLength(0);
  });

  it("links the agreement to /agreement_frame/service_agreement in a new tab", async () => {
    await open("register");
    expect(within(dialog()).getByRole("checkbox").closest("label")?.textContent).toBe("我已阅读并同意《服务协议》");
    const link = within(dialog()).getByRole("link", { name: "《服务协议》" });
    expect(link.getAttribute("href")).toBe("/agreement_frame/service_agreement");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("registers (MD5 password), shows the success step, and 立即登录 returns to mode 1", async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    await open("register");
    type("请输入手机号", phone);
    submit("获取验证码");
    await screen.findByText("短信验证码已发送");
    type("请输入短信验证码", await s.lastCode(phone));
    type("请设置6-16位登录密码", "secret88");
    submit("立即注册");
    expect(await within(dialog()).findByText("恭喜您，注册成功")).toBeTruthy();
    expect(s.bodies("/register/appRegisterSave").at(-1)).toMatchObject({ mobilePhone: phone, loginPwd: passwordDigest("secret88") });
    expect(getToken()).toBeNull(); // not signed in by registering
    submit("立即登录");
    await waitFor(() => expect(within(dialog()).getByText("会员登录")).toBeTruthy());
    expect(input("请输入手机号/账号").value).toBe("");
  });
});

describe("mode 4: reset password", () => {
  it("validates every field in order", async () => {
    await open("reset");
    expect(within(dialog()).getByText("重置密码")).toBeTruthy();
    submit("确认重置");
    await expectError("请输入正确的手机号码");
    type("请输入手机号", "13800000050");
    submit("确认重置");
    await expectError("请输入短信验证码");
    type("请输入短信验证码", "123456");
    submit("确认重置");
    await expectError("请设置新密码");
    type("请设置6-16位新密码", "123");
    submit("确认重置");
    await expectError("密码长度为6-16位");
    type("请设置6-16位新密码", "newpass123");
    submit("确认重置");
    await expectError("请再次确认密码");
    type("请再次输入新密码", "newpass124");
    submit("确认重置");
    await expectError("两次输入的密码不一致");
    expect(s.bodies("/updatePswd")).toHaveLength(0);
  });

  it("resets (MD5), shows the success step, and the new password works", async () => {
    await open("reset");
    type("请输入手机号", "13800000050");
    submit("获取验证码");
    await screen.findByText("短信验证码已发送");
    type("请输入短信验证码", await s.lastCode("13800000050"));
    type("请设置6-16位新密码", "newpass123");
    type("请再次输入新密码", "newpass123");
    submit("确认重置");
    expect(await within(dialog()).findByText("恭喜您，密码重置成功")).toBeTruthy();
    expect(s.bodies("/updatePswd").at(-1)).toMatchObject({ mobilePhone: "13800000050", pswd: passwordDigest("newpass123") });
    submit("立即登录");
    type("请输入手机号/账号", "13800000050");
    type("请输入密码", "newpass123");
    type("请输入验证码", "-9990");
    submit("登录");
    await waitFor(() => expect(getToken()).toBeTruthy());
  });
});

describe("switching and closing", () => {
  it("changing mode clears the fields and the error", async () => {
    await open();
    type("请输入手机号/账号", "13800000010");
    submit("登录");
    await expectError("请输入账号密码");
    fireEvent.click(within(dialog()).getByText("手机验证码登录"));
    await waitFor(() => expect(errorText()).toBe(""));
    fireEvent.click(within(dialog()).getByText("账号密码登录"));
    await waitFor(() => expect(input("请输入手机号/账号").value).toBe(""));
    expect(errorText()).toBe("");

    fireEvent.click(within(dialog()).getByText("忘记密码？"));
    expect(await within(dialog()).findByText("重置密码")).toBeTruthy();
    submit("确认重置");
    await expectError("请输入正确的手机号码");
    fireEvent.click(within(dialog()).getByText("返回登录"));
    expect(await within(dialog()).findByText("会员登录")).toBeTruthy();
    expect(errorText()).toBe("");

    fireEvent.click(within(dialog()).getByText("没有账号，立即注册"));
    expect(await within(dialog()).findByText("欢迎注册")).toBeTruthy();
    fireEvent.click(within(dialog()).getByText("返回登录"));
    expect(await within(dialog()).findByText("会员登录")).toBeTruthy();
  });

  it("closing resets every form; reopening starts on the requested mode", async () => {
    await open();
    type("请输入手机号/账号", "13800000010");
    submit("登录");
    await expectError("请输入账号密码");
    fireEvent.click(within(dialog()).getByRole("button", { name: /close|关闭/i }));
    await waitFor(() => expect(getLoginDialog().open).toBe(false));
    act(() => requestLogin("login"));
    await screen.findByRole("dialog");
    expect(input("请输入手机号/账号").value).toBe("");
    expect(errorText()).toBe("");
    act(() => requestLogin("register"));
    expect(await within(dialog()).findByText("欢迎注册")).toBeTruthy();
  });
});
