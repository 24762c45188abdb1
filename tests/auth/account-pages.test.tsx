// @vitest-environment jsdom
// The account pages against the real server: the profile (first error only, save, photo rules and
// upload) and the settings (login password change, pay password with an SMS code).
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { authProvider } from "../../src/providers/auth-provider";
import { getStoredUser } from "../../src/providers/session-store";
import { passwordDigest } from "../../src/domain/forms/auth";
import SelfInfoPage from "../../src/pages/account/SelfInfoPage";
import SettingPage from "../../src/pages/account/SettingPage";
import { renderAt, useLiveServer } from "./live";

const s = useLiveServer();

async function signIn(phone: string) {
  const res = await authProvider.login({ mobilePhone: phone, loginPsw: "demo123456", accCode: "-9990" });
  expect(res.success).toBe(true);
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const shownErrors = () => [...document.querySelectorAll(".ant-form-item-explain-error")].map((e) => e.textContent);
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

describe("SelfInfoPage", () => {
  it("shows the profile with read-only mobile and member type", async () => {
    await signIn("13800000070");
    renderAt("/myCenter/self_info", <SelfInfoPage />);
    expect(await screen.findByText("13800000070")).toBeTruthy();
    expect(screen.getByText("个人资料")).toBeTruthy();
    expect(screen.getByText("信用主会员")).toBeTruthy();
    expect(field("真实姓名").value).toBe(getStoredUser<{ realName: string }>()!.realName);
  });

  it("shows only the first error, under its field", async () => {
    await signIn("13800000010");
    renderAt("/myCenter/self_info", <SelfInfoPage />);
    await screen.findByText("13800000010");
    set("真实姓名", "A");
    set("电子邮箱", "not-an-email");
    click("保存");
    await waitFor(() => expect(shownErrors()).toEqual(["姓名须为2-20个中文或英文字符"]));
    set("真实姓名", "张三丰");
    click("保存");
    await waitFor(() => expect(shownErrors()).toEqual(["请输入正确的邮箱地址"]));
    expect(s.bodies("/account/memberUpdate")).toHaveLength(0);
  });

  it("saves the profile and updates the signed-in user", async () => {
    await signIn("13800000020");
    renderAt("/myCenter/self_info", <SelfInfoPage />);
    await screen.findByText("13800000020");
    set("真实姓名", "李小花");
    set("电子邮箱", "lixh@example.com");
    fireEvent.click(screen.getByLabelText("女"));
    set("备注", "常住上海");
    click("保存");
    expect(await screen.findByText("个人资料已保存")).toBeTruthy();
    expect(s.bodies("/account/memberUpdate").at(-1)).toMatchObject({ realName: "李小花", email: "lixh@example.com", sex: "2", remark: "常住上海" });
    expect(getStoredUser()).toMatchObject({ realName: "李小花", email: "lixh@example.com", sex: 2 });
  });

  it("checks the photo's type and size before sending, then uploads it as Base64", async () => {
    await signIn("13800000030");
    renderAt("/myCenter/self_info", <SelfInfoPage />);
    await screen.findByText("13800000030");
    const picker = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(picker(), { target: { files: [new File(["GIF89a"], "a.gif", { type: "image/gif" })] } });
    expect(await screen.findByText("仅支持PNG、JPEG、WebP格式的图片")).toBeTruthy();
    fireEvent.change(picker(), { target: { files: [new File([new Uint8Array(513 * 1024)], "big.png", { type: "image/png" })] } });
    expect(await screen.findByText("图片大小不能超过512KB")).toBeTruthy();
    expect(s.bodies("/member/photo/upload")).toHaveLength(0);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    fireEvent.change(picker(), { target: { files: [new File([png], "me.png", { type: "image/png" })] } });
    expect(await screen.findByText("头像已更新")).toBeTruthy();
    expect(s.bodies("/member/photo/upload").at(-1)).toMatchObject({ fileName: "me.png", mime: "image/png", dataBase64: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
    await waitFor(() => expect(document.querySelector(".tp-photo__avatar img")?.getAttribute("src")).toMatch(/\/api\/file\/[0-9a-f]{32}$/));
  });

  it("asks a signed-out visitor to log in", async () => {
    renderAt("/view/index.shtml", <SelfInfoPage />);
    expect(await screen.findByText("请先登录后查看")).toBeTruthy();
  });
});

describe("SettingPage", () => {
  it("checks the password change field by field, one error at a time", async () => {
    await signIn("13800000040");
    renderAt("/myCenter/setting", <SettingPage />);
    await screen.findByText("登录密码");
    const steps: [string, string, string][] = [
      ["", "", "请输入原密码"],
      ["原密码", "demo123456", "请设置新密码"],
      ["新密码", "123", "密码长度为6-16位"],
      ["新密码", "demo123456", "新密码不能与原密码相同"],
      ["新密码", "better-pass", "请再次确认密码"],
      ["确认密码", "better-pasz", "两次输入的密码不一致"],
    ];
    for (const [label, value, error] of steps) {
      if (label) set(label, value);
      click("修改密码");
      await waitFor(() => expect(shownErrors()).toEqual([error]));
    }
    set("确认密码", "better-pass");
    click("修改密码");
    expect(await screen.findByText("登录密码修改成功")).toBeTruthy();
    expect(s.bodies("/updatePsw").at(-1)).toMatchObject({ oldPswd: passwordDigest("demo123456"), pswd: passwordDigest("better-pass") });
    expect(field("原密码").value).toBe("");
  });

  it("shows the server's refusal of a wrong current password", async () => {
    await signIn("13800000050");
    renderAt("/myCenter/setting", <SettingPage />);
    await screen.findByText("登录密码");
    set("原密码", "not-mine-1");
    set("新密码", "better-pass");
    set("确认密码", "better-pass");
    click("修改密码");
    expect(await screen.findByText(/原密码错误/)).toBeTruthy();
  });

  it("sets the pay password with a code sent to the member's own phone", async () => {
    await signIn("13800000071");
    renderAt("/myCenter/setting", <SettingPage />);
    expect(await screen.findByText("未设置")).toBeTruthy();
    expect(screen.getByText("138****0071")).toBeTruthy();
    click("设置支付密码");
    await waitFor(() => expect(shownErrors()).toEqual(["请输入短信验证码"]));
    click("获取验证码");
    expect(await screen.findByText("短信验证码已发送")).toBeTruthy();
    expect(s.bodies("/common/sendCode").at(-1)).toMatchObject({ mobilePhone: "13800000071", type: "paypwd" });
    fireEvent.change(screen.getByPlaceholderText("请输入短信验证码"), { target: { value: await s.lastCode("13800000071") } });
    set("支付密码", "12ab");
    click("设置支付密码");
    await waitFor(() => expect(shownErrors()).toEqual(["支付密码须为6位数字"]));
    set("支付密码", "135790");
    set("确认支付密码", "135791");
    click("设置支付密码");
    await waitFor(() => expect(shownErrors()).toEqual(["两次输入的密码不一致"]));
    set("确认支付密码", "135790");
    click("设置支付密码");
    expect(await screen.findByText("支付密码设置成功")).toBeTruthy();
    expect(s.bodies("/member/updatePayPswd").at(-1)?.payPswd).toBe(passwordDigest("135790"));
    expect(await screen.findByText("已设置")).toBeTruthy();
    // (by text: in jsdom the loading icon never finishes leaving, so it stays in the button name)
    expect((await screen.findByText("修改支付密码")).closest("button")).toBeTruthy();
  });
});
