// The signed-in token as React state: components that decide by it re-render when someone signs
// in or out, instead of the page being remounted.
import { useSyncExternalStore } from "react";
import { getToken, subscribeSession } from "./session-store";

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}
