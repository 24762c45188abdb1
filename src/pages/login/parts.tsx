// What the dialog's forms share: the one error line, ordered validation, and Refine's auth
// mutations wired so that the dialog (not a corner notification) shows what went wrong.
import { useRef, useState, type ReactNode } from "react";
import { Button } from "antd";
import { useForgotPassword, useGo, useInvalidateAuthStore, useLogin, useRegister, type AuthActionResponse } from "@refinedev/core";
import type { z } from "zod";
import { AUTH_SCHEMAS, firstError, type AuthSchemas } from "../../domain/forms/auth";
import { domainLang } from "../../providers/i18n-provider";
import type { ForgotPasswordParams, LoginParams, RegisterParams } from "../../providers/auth-provider";

/** The single message area of a form: only the first error is ever shown. */
export function FormError({ error }: { error: string | null }) {
  return (
    <div className="tp-login__error" role="alert" aria-live="polite">
      {error}
    </div>
  );
}

/**
 * Validates in field order and submits; `error` holds the first failing message or the server's
 * refusal. A new submit or an edit clears it.
 */
export function useOrderedSubmit<V extends Record<string, unknown>>(
  schemaKey: keyof AuthSchemas,
  submit: (values: V) => Promise<string | null>,
) {
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const onFinish = async (values: V) => {
    if (busy.current) return; // Enter pressed again while the call is out
    const schema = AUTH_SCHEMAS[domainLang()][schemaKey] as z.ZodType;
    const first = firstError(schema, values);
    setError(first);
    if (first) return;
    busy.current = true;
    try {
      setError(await submit(values));
    } finally {
      busy.current = false;
    }
  };
  return { error, setError, onFinish, clearError: () => setError(null) };
}

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
// Our provider always answers an AuthActionResponse; anything else counts as success.
const messageOf = (res: unknown) => (!isResponse(res) || res.success ? null : res.error?.message || null);

export function useDialogAuth() {
  const mutationOptions = useAuthOptions();
  const login = useLogin<LoginParams>({ mutationOptions });
  const register = useRegister<RegisterParams>({ mutationOptions });
  const forgot = useForgotPassword<ForgotPasswordParams>({ mutationOptions });
  return {
    login: async (p: LoginParams) => messageOf(await login.mutateAsync(p)),
    register: async (p: RegisterParams) => messageOf(await register.mutateAsync(p)),
    forgotPassword: async (p: ForgotPasswordParams) => messageOf(await forgot.mutateAsync(p)),
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
