// The login dialog: one modal, 640 px, four modes — 1 account, 2 mobile, 3 register
// (form → success), 4 reset (form → success). It opens from the global request in
// providers/login-dialog. Each form is mounted afresh on every opening, mode change and step, which
// is what clears its fields, its error and (mode 1) its captcha.
import { useState } from "react";
import { Button, Modal, Result, Tabs } from "antd";
import { LOGIN_MODE, loginModeForRequest, type LoginMode } from "../../domain/forms/auth";
import { DIALOG_WIDTH } from "../../domain/format";
import { closeLogin, useLoginDialog } from "../../providers/login-dialog";
import { AccountForm } from "./AccountForm";
import { MobileForm } from "./MobileForm";
import { RegisterForm } from "./RegisterForm";
import { ResetForm } from "./ResetForm";
import { ModeLink } from "./parts";
import { useTranslate } from "@refinedev/core";
import "./login.css";

function titleKey(mode: LoginMode): string {
  if (mode === LOGIN_MODE.register) return "login.registerTitle";
  if (mode === LOGIN_MODE.reset) return "login.resetTitle";
  return "login.title";
}

export function LoginDialog() {
  const t = useTranslate();
  const { open, request, opening } = useLoginDialog();
  const [view, setView] = useState({ opening, mode: loginModeForRequest(request), done: false });
  // Every opening starts on the requested mode's first step (set while rendering, so the old
  // mode never flashes).
  if (view.opening !== opening) setView({ opening, mode: loginModeForRequest(request), done: false });
  const { mode, done } = view.opening === opening ? view : { mode: loginModeForRequest(request), done: false };

  const switchTo = (next: LoginMode) => setView({ opening, mode: next, done: false });
  const setDone = (value: boolean) => setView((v) => ({ ...v, done: value }));
  const formKey = `${opening}-${mode}-${done ? 2 : 1}`;
  const loginModes = mode === LOGIN_MODE.account || mode === LOGIN_MODE.mobile;

  return (
    <Modal
      open={open}
      onCancel={closeLogin}
      footer={null}
      width={DIALOG_WIDTH}
      centered
      destroyOnHidden
      maskClosable={false}
      title={<span className="tp-login__title">{t(titleKey(mode))}</span>}
      className="tp-login"
    >
      <div className="tp-login__body">
        {loginModes && (
          <Tabs
            centered
            activeKey={mode === LOGIN_MODE.mobile ? "mobile" : "account"}
            onChange={(key) => switchTo(key === "mobile" ? LOGIN_MODE.mobile : LOGIN_MODE.account)}
            items={[
              { key: "account", label: t("login.accountTab") },
              { key: "mobile", label: t("login.mobileTab") },
            ]}
          />
        )}

        {!loginModes && !done && (
          <p className="tp-login__subtitle">{t(mode === LOGIN_MODE.register ? "login.registerSubtitle" : "login.resetSubtitle")}</p>
        )}

        {mode === LOGIN_MODE.account && <AccountForm key={formKey} />}
        {mode === LOGIN_MODE.mobile && <MobileForm key={formKey} />}
        {mode === LOGIN_MODE.register && !done && <RegisterForm key={formKey} onDone={() => setDone(true)} />}
        {mode === LOGIN_MODE.reset && !done && <ResetForm key={formKey} onDone={() => setDone(true)} />}
        {done && (
          <Result
            key={formKey}
            status="success"
            title={t(mode === LOGIN_MODE.register ? "login.registerSuccess" : "login.resetSuccess")}
            subTitle={t(mode === LOGIN_MODE.register ? "login.registerSuccessHint" : "login.resetSuccessHint")}
            extra={
              <Button type="primary" size="large" className="tp-login__submit" onClick={() => switchTo(LOGIN_MODE.account)}>
                {t("login.loginNow")}
              </Button>
            }
          />
        )}

        {loginModes && (
          <div className="tp-login__links">
            <ModeLink onClick={() => switchTo(LOGIN_MODE.reset)}>{t("login.forgotPassword")}</ModeLink>
            <ModeLink onClick={() => switchTo(LOGIN_MODE.register)}>{t("login.noAccount")}</ModeLink>
          </div>
        )}
        {!loginModes && !done && (
          <div className="tp-login__links tp-login__links--center">
            <ModeLink onClick={() => switchTo(LOGIN_MODE.account)}>{t("login.backToLogin")}</ModeLink>
          </div>
        )}
      </div>
    </Modal>
  );
}
