// Mode 1: account + password + picture captcha. The server draws the captcha and checks the
// answer; -9990 passes it outside production.
import { Form, Input } from "antd";
import { LockOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { CAPTCHA_BYPASS, CAPTCHA_LENGTH, PWD_MAX, type AccountLoginValues } from "../../domain/forms/auth";
import { CaptchaImage, type IssuedCaptcha } from "./CaptchaImage";
import { FormError, SubmitButton, useDialogAuth, useOrderedSubmit } from "./parts";

/** Account names may be longer than a phone number. */
export const ACCOUNT_MAX = 32;

/** A captcha lives five minutes on the server; a new one is fetched before the shown one expires. */
const CAPTCHA_RENEW_MS = 4 * 60 * 1000;

export function AccountForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  // Not cached between openings (gcTime 0): the form mounts afresh each time the dialog opens,
  // and a used captcha is never shown again.
  const { query, result } = useCustom<IssuedCaptcha>({
    url: "/captcha/new",
    method: "post",
    errorNotification: false,
    queryOptions: { gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchInterval: CAPTCHA_RENEW_MS },
  });
  const captcha = result.data as IssuedCaptcha | undefined;
  const auth = useDialogAuth();
  const renew = () => {
    form.resetFields(["accCode"]);
    void query.refetch();
  };

  const { error, onFinish, clearError } = useOrderedSubmit<AccountLoginValues>("accountLogin", async (values) => {
    const failed = await auth.login({
      mode: "account",
      mobilePhone: String(values.mobilePhone).trim(),
      loginPsw: String(values.loginPsw),
      accCode: String(values.accCode).trim(),
      captchaId: values.captchaId,
    });
    // The server used the captcha up, right or wrong: a new one for the next try.
    if (failed) renew();
    return failed;
  });

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => onFinish({ ...v, captchaId: captcha?.captchaId })}
      onValuesChange={clearError}
      className="tp-login__form"
    >
      <Form.Item name="mobilePhone">
        <Input size="large" prefix={<UserOutlined />} placeholder={t("login.accountPlaceholder")} maxLength={ACCOUNT_MAX} autoComplete="username" aria-label={t("login.accountPlaceholder")} />
      </Form.Item>
      <Form.Item name="loginPsw">
        <Input.Password size="large" prefix={<LockOutlined />} placeholder={t("login.passwordPlaceholder")} maxLength={PWD_MAX} autoComplete="current-password" aria-label={t("login.passwordPlaceholder")} />
      </Form.Item>
      <Form.Item>
        <div className="tp-login__row">
          <Form.Item name="accCode" noStyle>
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder={t("login.captchaPlaceholder")}
              // Room for the bypass value as well as the 4-character code.
              maxLength={Math.max(CAPTCHA_LENGTH, CAPTCHA_BYPASS.length)}
              autoComplete="off"
              aria-label={t("login.captchaPlaceholder")}
            />
          </Form.Item>
          <CaptchaImage captcha={captcha} loading={query.isFetching} onRefresh={renew} />
        </div>
      </Form.Item>
      <FormError error={error} />
      <SubmitButton loading={auth.pending}>{t("login.submit")}</SubmitButton>
    </Form>
  );
}
