// The company's departments as select options, for the filters and forms that pick one (bills,
// documents, replace-booking scopes, approval flows). The signed-in member is part of the query's
// key, so another account signed in later in the same tab never reads this one's cached list.
import { useSelect, type HttpError } from "@refinedev/core";
import { userKeyOf } from "../providers/access-control";
import { usePortalUser } from "../layout/session";
import type { Department } from "./employees";

export function useDepartmentSelect({ enabled = true }: { enabled?: boolean } = {}) {
  const user = usePortalUser();
  return useSelect<Department & Record<string, unknown>, HttpError>({
    resource: "departments",
    optionLabel: "name",
    optionValue: "id",
    pagination: { mode: "off" },
    meta: { member: userKeyOf(user) },
    errorNotification: false,
    queryOptions: { enabled, staleTime: 60_000 },
  });
}
