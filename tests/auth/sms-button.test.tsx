// @vitest-environment jsdom
// The SMS button's countdown (spec §4, §9): 获取验证码 → "59s后重新发送" … "1s后重新发送" → 获取验证码,
// one second per step, and a press during the countdown sends nothing. Codes go to the real
// server; only setInterval is faked, so the network and React's scheduler run for real.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { closeLogin, requestLogin } from "../../src/providers/login-dialog";
import { SMS_COUNTDOWN_FIRST_DISPLAY } from "../../src/domain/format";
import { renderAt, useLiveServer } from "./live";

const s = useLiveServer();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const dialog = () => screen.getByRole("dialog");
const smsButton = () => within(dialog()).getByRole("button", { name: /获取验证码|s后重新发送/ }) as HTMLButtonElement;

async function openOn(request: "login" | "register" | "reset", mobileTab = false) {
  renderAt("/");
  act(() => requestLogin(request));
  await screen.findByRole("dialog");
  if (mobileTab) fireEvent.click(within(dialog()).getByText("手机验证码登录"));
}

describe("SMS button", () => {
  it("counts down from 59 each second, ignores presses meanwhile, then is ready again", async () => {
    await openOn("login", true);
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入手机号"), { target: { value: "13800000010" } });
    expect(smsButton().textContent).toBe("获取验证码");
    fireEvent.click(smsButton());
    expect(await within(dialog()).findByText(`${SMS_COUNTDOWN_FIRST_DISPLAY}s后重新发送`)).toBeTruthy();
    expect(await screen.findByText("短信验证码已发送")).toBeTruthy();
    expect(smsButton().disabled).toBe(true);
    expect(s.bodies("/login/appNewLoginPhoneCode")).toEqual([expect.objectContaining({ mobilePhone: "13800000010" })]);

    const button = smsButton(); // the same element throughout (role queries are slow in jsdom)
    for (let n = SMS_COUNTDOWN_FIRST_DISPLAY - 1; n >= 1; n--) {
      act(() => vi.advanceTimersByTime(1000));
      expect(button.textContent).toBe(`${n}s后重新发送`);
      if (n === 30) {
        fireEvent.click(button); // pressing during the countdown does nothing
        await act(async () => {});
      }
    }
    act(() => vi.advanceTimersByTime(1000));
    expect(smsButton().textContent).toBe("获取验证码");
    expect(smsButton().disabled).toBe(false);
    expect(s.bodies("/login/appNewLoginPhoneCode")).toHaveLength(1);
    // No timer is left running.
    act(() => vi.advanceTimersByTime(5000));
    expect(smsButton().textContent).toBe("获取验证码");
  });

  it("a registered phone on 注册 is answered like any other: the button counts down and nothing says 已注册", async () => {
    await openOn("register");
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入手机号"), { target: { value: "13800000020" } });
    fireEvent.click(smsButton());
    expect(await within(dialog()).findByText(`${SMS_COUNTDOWN_FIRST_DISPLAY}s后重新发送`)).toBeTruthy();
    expect(screen.queryByText("该手机号已注册，请直接登录")).toBeNull();
    act(() => closeLogin());
  });

  it("a refused send (asked again too soon) shows the server's reason and does not count down", async () => {
    await openOn("login", true);
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入手机号"), { target: { value: "13800000030" } });
    fireEvent.click(smsButton());
    expect(await within(dialog()).findByText(`${SMS_COUNTDOWN_FIRST_DISPLAY}s后重新发送`)).toBeTruthy();
    act(() => closeLogin());
    cleanup();
    await openOn("login", true);
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入手机号"), { target: { value: "13800000030" } });
    fireEvent.click(smsButton());
    expect(await screen.findByText(/^验证码发送过于频繁，请\d+秒后再试$/)).toBeTruthy();
    expect(smsButton().textContent).toBe("获取验证码");
    expect(smsButton().disabled).toBe(false);
  });

  it("an invalid phone is a warning and nothing is sent, in every mode with a code", async () => {
    const sendsBefore = s.received.filter((r) => /sendCode|PhoneCode/.test(r.url)).length;
    for (const [request, mobileTab] of [["login", true], ["register", false], ["reset", false]] as const) {
      await openOn(request, mobileTab);
      fireEvent.change(within(dialog()).getByPlaceholderText("请输入手机号"), { target: { value: "1380000" } });
      fireEvent.click(smsButton());
      expect((await screen.findAllByText("请输入正确的手机号码")).length).toBeGreaterThan(0);
      expect(smsButton().textContent).toBe("获取验证码");
      act(() => closeLogin());
      cleanup();
    }
    expect(s.received.filter((r) => /sendCode|PhoneCode/.test(r.url))).toHaveLength(sendsBefore);
  });

  it("closing the dialog during a countdown and reopening shows a fresh button", async () => {
    await openOn("reset");
    fireEvent.change(within(dialog()).getByPlaceholderText("请输入手机号"), { target: { value: "13800000030" } });
    fireEvent.click(smsButton());
    expect(await within(dialog()).findByText("59s后重新发送")).toBeTruthy();
    act(() => closeLogin());
    act(() => requestLogin("reset"));
    await screen.findByRole("dialog");
    expect(smsButton().textContent).toBe("获取验证码");
  });
});
