// The page's search, filters and sort live in the address: reload, back and a shared link show
// the same list. Setting values merges them into the query; empty values drop their key.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export type UrlPatch = Record<string, string | readonly string[] | undefined | null | false>;

export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(params.entries()) as Record<string, string | undefined>, [params]);
  const update = useCallback(
    (patch: UrlPatch, options: { replaceAll?: boolean; replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(options.replaceAll ? undefined : prev);
          for (const [k, v] of Object.entries(patch)) {
            const text = Array.isArray(v) ? v.join(",") : typeof v === "string" ? v : "";
            if (text) next.set(k, text);
            else next.delete(k);
          }
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );
  return { values, update };
}
