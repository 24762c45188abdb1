// The operator's session in the console: its token (per tab, apart from the member's) and who it is.
import { useSyncExternalStore } from "react";
import { useCustom, type HttpError } from "@refinedev/core";
import { OPS_TOKEN_KEY, getOpsToken, sessionStore } from "../providers/session-store";
import { OPS_PATHS } from "../domain/ops/paths";
import type { OpsMe } from "../domain/ops/schemas";

const listeners = new Set<() => void>();

export function setOpsToken(token: string | null): void {
  if (token) sessionStore().setItem(OPS_TOKEN_KEY, token);
  else sessionStore().removeItem(OPS_TOKEN_KEY);
  for (const listener of listeners) listener();
}

function subscribeOpsSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useOpsToken(): string | null {
  return useSyncExternalStore(subscribeOpsSession, getOpsToken, () => null);
}

/** The signed-in operator (with its session's stage), read again whenever the token changes. */
export function useOpsMe(token: string | null) {
  const { result, query } = useCustom<OpsMe, HttpError>({
    url: OPS_PATHS.me,
    method: "post",
    queryOptions: { enabled: token !== null, queryKey: ["ops-me", token], retry: false, refetchOnWindowFocus: false },
    errorNotification: false,
  });
  return { me: token ? (result?.data ?? null) : null, loading: token !== null && query.isLoading };
}
