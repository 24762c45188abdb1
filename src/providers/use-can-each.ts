// Refine's useCan for a list whose length varies with the user (the items of a menu): one query
// per resource under the very key useCan uses, asked of the same accessControlProvider, so a
// list and a single useCan share their answers and a user change drops both.
import { useContext } from "react";
import { AccessControlContext, keys } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";

export interface CanEach {
  /** Whether the resource is allowed; false for one still being decided. */
  allowed: (resource: string) => boolean;
  /** True until every resource is decided (the Casbin enforcer may still be loading). */
  loading: boolean;
}

export function useCanEach(resources: readonly string[], params: Record<string, unknown>, action = "view"): CanEach {
  const { can, options } = useContext(AccessControlContext);
  const queryOptions = options?.queryOptions;
  const unique = [...new Set(resources)];
  const results = useQueries({
    queries: unique.map((resource) => ({
      ...queryOptions,
      queryKey: keys().access().resource(resource).action(action).params({ params: { ...params, resource: undefined }, enabled: queryOptions?.enabled }).get(),
      queryFn: () => can?.({ action, resource, params: { ...params, resource: undefined } }) ?? Promise.resolve({ can: true }),
      enabled: typeof can !== "undefined",
      retry: false,
    })),
  });
  const answers = new Map(unique.map((r, i) => [r, results[i]?.data?.can]));
  return {
    allowed: (resource) => answers.get(resource) === true,
    loading: !!can && results.some((r) => r.isPending),
  };
}
