// The one global request that opens the login dialog. A tiny external store rather than React context, so
// non-React code (the auth provider, the route guard's decisions) can open and close it too.
import { useSyncExternalStore } from "react";

export type LoginRequest = "login" | "register" | "reset";

export interface LoginDialogState {
  open: boolean;
  request: LoginRequest;
  /** Counts openings: the dialog regenerates its captcha and resets its forms on each one. */
  opening: number;
  /** A referrer's mobile the register form starts with (a referral link opened the dialog). */
  referrer?: string;
}

let state: LoginDialogState = { open: false, request: "login", opening: 0 };
const listeners = new Set<() => void>();

function set(next: LoginDialogState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

/** Opens the dialog in mode 1 (login), 3 (register) or 4 (reset). Reopening switches the mode. */
export function requestLogin(request: LoginRequest = "login", referrer?: string): void {
  set({ open: true, request, opening: state.opening + 1, referrer });
}

export function closeLogin(): void {
  if (state.open) set({ ...state, open: false });
}

export function getLoginDialog(): LoginDialogState {
  return state;
}

export function subscribeLoginDialog(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useLoginDialog(): LoginDialogState {
  return useSyncExternalStore(subscribeLoginDialog, getLoginDialog, getLoginDialog);
}
