// A workbench's facts, through Refine: the signed-in member (useGetIdentity, read once per
// session), their menus (the query the header shares), the account figures and, for the company,
// its statistics. Errors are shown by the page itself, with a retry.
import { useCustom, useGetIdentity, useInvalidateAuthStore, type HttpError } from "@refinedev/core";
import { memberTypeKey, type MemberTypeKey } from "../../domain/member";
import { forgetMember } from "../../providers/auth-provider";
import { useMenus, type PortalUser } from "../../layout/session";
import type { MenusReply } from "./entries";
import type { AccountSummary, CompanyStatistics, WorkbenchKind, WorkbenchUser } from "./types";

/** Member types each workbench serves (40 also has the personal account page). */
export const WORKBENCH_TYPES: Readonly<Record<WorkbenchKind, readonly MemberTypeKey[]>> = {
  company: ["70"],
  travel: ["7_0"],
  personal: ["10", "20", "30", "40", "50"],
  distribution: ["40"],
};

export interface WorkbenchData {
  user: WorkbenchUser;
  menus: MenusReply;
  account: AccountSummary;
  stats: CompanyStatistics | null;
}

export type WorkbenchState =
  | { status: "loading" }
  | { status: "error"; message: string; network: boolean }
  | { status: "forbidden"; user: WorkbenchUser; menus: MenusReply }
  | { status: "ready"; data: WorkbenchData };

/** A failure as the page words it: a lost connection is named by the page, not by axios. */
function failure(error: HttpError): WorkbenchState {
  const network = (error as HttpError & { kind?: string }).kind === "network";
  return { status: "error", message: network ? "" : error.message, network };
}

/** The menus follow the current language. */
export function useWorkbench(kind: WorkbenchKind): WorkbenchState & { retry: () => void } {
  const identity = useGetIdentity<WorkbenchUser | null>();
  const invalidateIdentity = useInvalidateAuthStore();
  const user = identity.data ?? null;
  const menus = useMenus(user as PortalUser | null);
  // Another type's workbench: its figures are not asked for (the server would refuse them).
  const allowed = !!user && WORKBENCH_TYPES[kind].includes(memberTypeKey(user));
  const account = useCustom<AccountSummary>({
    url: "/account/AppAccount",
    method: "post",
    errorNotification: false,
    queryOptions: { enabled: allowed, retry: false, refetchOnWindowFocus: false },
  });
  const stats = useCustom<CompanyStatistics>({
    url: "/member/center/companystatistics",
    method: "post",
    errorNotification: false,
    queryOptions: { enabled: allowed && kind === "company", retry: false, refetchOnWindowFocus: false },
  });

  const retry = () => {
    if (!user) {
      // The member could not be read: ask the server again rather than the stored copy.
      forgetMember();
      void invalidateIdentity();
    }
    if (menus.error) menus.refetch();
    if (account.query.isError) void account.query.refetch();
    if (stats.query.isError) void stats.query.refetch();
  };

  const state = ((): WorkbenchState => {
    if (identity.isLoading || menus.loading) return { status: "loading" };
    if (menus.error) return failure(menus.error);
    // No member although signed in: /member/info could not be read and nothing was stored.
    if (!user) return failure((identity.error as HttpError | null) ?? ({ message: "", statusCode: 0, kind: "network" } as HttpError));
    if (!allowed) return { status: "forbidden", user, menus: menus.data };
    if (account.query.isError) return failure(account.query.error as HttpError);
    if (stats.query.isError) return failure(stats.query.error as HttpError);
    if (account.query.isLoading || (kind === "company" && stats.query.isLoading)) return { status: "loading" };
    return {
      status: "ready",
      data: {
        user,
        menus: menus.data,
        account: account.result.data as AccountSummary,
        stats: kind === "company" ? (stats.result.data as CompanyStatistics) : null,
      },
    };
  })();
  return { ...state, retry };
}
