// What a buyer typed into a booking form survives a sign-in: when the session has expired, 提交订单
// sends them to sign in and back to this address, where the page opens afresh. So the form is kept
// in sessionStorage (this tab only) when it is submitted, put back once when the page opens again
// with the same key (the same fare, train or room), and removed once the order is created. Keys the
// page itself decides (a fare key, a price, a room) are taken from the page, never from the copy,
// and a secret (a 12306 password) is never written. The copy names the member who typed it and is
// put back only for that member: on a shared computer another person signing in on the same tab
// must not see a stranger's passengers and phone numbers.
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormGetValues, UseFormReset } from "react-hook-form";
import { getStoredUser } from "../../providers/session-store";

const PREFIX = "tp.keptForm.";

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Who is (or was, for an expired session) signed in on this tab; null when nobody is known. */
function memberOf(): number | null {
  const user = getStoredUser<{ id?: unknown; memberId?: unknown }>();
  const id = user?.memberId ?? user?.id;
  return typeof id === "number" ? id : null;
}

const without = (values: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(Object.entries(values).filter(([k]) => !keys.includes(k)));

/** Reads a kept form for the member signed in now (tests and the page both go through this). */
export function readKeptForm(key: string): Record<string, unknown> | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { owner?: unknown; values?: unknown } | null;
    if (!parsed || typeof parsed !== "object" || parsed.owner !== memberOf()) return null;
    const values = parsed.values;
    return values && typeof values === "object" && !Array.isArray(values) ? (values as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function useKeptForm<V extends FieldValues>(
  key: string,
  form: { reset: UseFormReset<V>; getValues: UseFormGetValues<V> },
  /** Keys the page decides and secrets: neither written nor restored. */
  notKept: readonly string[] = [],
) {
  const { reset, getValues } = form;
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const kept = readKeptForm(key);
    if (kept) reset({ ...getValues(), ...without(kept, notKept) } as V, { keepDefaultValues: true });
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    /** Called as the form is submitted: what it holds now is what a sign-in brings back. */
    keep: () => {
      try {
        const values = without(getValues() as Record<string, unknown>, notKept);
        storage()?.setItem(PREFIX + key, JSON.stringify({ owner: memberOf(), values }));
      } catch {
        // A full or refused storage only loses the convenience.
      }
    },
    /** Called once the order exists. */
    clear: () => storage()?.removeItem(PREFIX + key),
  };
}
