// The send-code button: idle 获取验证码 → disabled "59s后重新发送" counting
// down each second → idle. An invalid phone only warns; a press while counting does nothing.
import { useEffect, useRef, useState } from "react";
import { App, Button } from "antd";
import { LoadingOutlined } from "@ant-design/icons";
import { useCreate, useTranslate } from "@refinedev/core";
import { isMobile } from "../domain/validators";
import { SMS_COUNTDOWN_FIRST_DISPLAY } from "../domain/format";
import { LOGIN_CODES, SMS_CODES } from "./sms-codes";

/** Purposes of POST /common/sendCode (the login code has its own call). */
export type SmsPurpose = "login" | "register" | "reset" | "paypwd" | "bindBankCard";

/** The resource whose create sends a code for a purpose, and what it is sent. */
function sendCall(purpose: SmsPurpose, mobilePhone: string): { resource: string; values: Record<string, string> } {
  if (purpose === "login") return { resource: LOGIN_CODES, values: { mobilePhone } };
  return { resource: SMS_CODES, values: { mobilePhone, type: purpose } };
}

/** Seconds left, or 0 when idle; start() shows the first value at once, then ticks each second. */
export function useCountdown(first: number = SMS_COUNTDOWN_FIRST_DISPLAY) {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  const start = () => {
    stop();
    setLeft(first);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) stop();
        return Math.max(0, n - 1);
      });
    }, 1000);
  };
  return { left, counting: left > 0, start };
}

export interface SmsButtonProps {
  purpose: SmsPurpose;
  /** The phone field's current value. */
  getPhone: () => unknown;
  size?: "large" | "middle";
}

export function SmsButton({ purpose, getPhone, size = "large" }: SmsButtonProps) {
  const t = useTranslate();
  const { message } = App.useApp();
  const { left, counting, start } = useCountdown();
  const { mutate, mutation } = useCreate();
  const sending = mutation.isPending;

  const onClick = () => {
    if (counting || sending) return;
    const phone = String(getPhone() ?? "").trim();
    if (!isMobile(phone)) {
      void message.warning(t("messages.mobileInvalid"));
      return;
    }
    mutate(
      {
        ...sendCall(purpose, phone),
        successNotification: false,
        errorNotification: false,
        // No list shows codes.
        invalidates: [],
      },
      {
        onSuccess: () => {
          void message.success(t("messages.smsCodeSent"));
          start();
        },
        // The server's reason (e.g. 该手机号已注册), as a notice like the button's others; the
        // button stays ready for another try.
        onError: (e) => void message.error(e?.message || t("login.smsSendFailed")),
      },
    );
  };

  // The spinner is a plain icon, not antd's `loading`: that icon leaves with a width transition,
  // and on a slow device it can stay beside the countdown when the send ends and counting begins.
  return (
    <Button size={size} className="tp-sms-button" disabled={counting || sending} icon={sending ? <LoadingOutlined /> : undefined} onClick={onClick}>
      {counting ? t("login.resendIn", { n: left }) : t("login.getSmsCode")}
    </Button>
  );
}
