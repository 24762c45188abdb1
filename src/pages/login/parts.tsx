// What the dialog's forms share: the submit button, the mode links, and Refine's auth mutations
// wired so that the dialog (not a corner notification) shows what went wrong.
import type { ReactNode } from "react";
import { Button } from "antd";
import { useForgotPassword, useGo, useInvalidateAuthStore, useLogin, useRegister, type AuthActionResponse } from "@refinedev/core";
import { AUTH_SCHEMAS, type AuthSchemas } from "../../domain/forms/auth";
import { domainLang } from "../../providers/i18n-provider";
import type { ForgotPasswordParams, LoginParams, RegisterParams } from "../../providers/auth-provider";

// Refine's own onSuccess would open a corner notification for a refusal; the dialog shows it in its
// error line instead, so the options replace it and keep the part that matters: identity, permission
// and check queries are refreshed, then the provider's redirect is followed.
function useAuthOptions() {
  const invalidate = useInvalidateAuthStore();
  const go = useGo();
  return {
    onSuccess: (res: unknown) => {
      if (!isResponse(res) || !res.success) return;
      void invalidate();
      if (res.redirectTo) go({ to: res.redirectTo, type: "replace" });
    },
    onError: () => {},
  };
}

const isResponse = (res: unknown): res is AuthActionResponse => typeof res === "object" && res !== null && "success" in res;
// Our provider always answers an AuthActionResponse; anything else counts as success. A refusal is
// its error (message, and field messages when the server named fields).
const refusalOf = (res: unknown): unknown => (!isResponse(res) || res.success ? null : (res.error ?? new Error("")));

/** The dialog form's schema in the current language. */
export const authSchema = (key: keyof AuthSchemas) => () => AUTH_SCHEMAS[domainLang()][key];

export function useDialogAuth() {
  const mutationOptions = useAuthOptions();
  const login = useLogin<LoginParams>({ mutationOptions });
  const register = useRegister<RegisterParams>({ mutationOptions });
  const forgot = useForgotPassword<ForgotPasswordParams>({ mutationOptions });
  return {
    login: async (p: LoginParams) => refusalOf(await login.mutateAsync(p)),
    register: async (p: RegisterParams) => refusalOf(await register.mutateAsync(p)),
    forgotPassword: async (p: ForgotPasswordParams) => refusalOf(await forgot.mutateAsync(p)),
    pending: login.isPending || register.isPending || forgot.isPending,
  };
}

export function SubmitButton({ children, loading }: { children: ReactNode; loading?: boolean }) {
  return (
    <Button type="primary" htmlType="submit" size="large" block loading={loading} className="tp-login__submit">
      {children}
    </Button>
  );
}

/** A text link that acts in the dialog (mode switches), keyboard-reachable. */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="link" size="small" className="tp-login__link" onClick={onClick}>
      {children}
    </Button>
  );
}
