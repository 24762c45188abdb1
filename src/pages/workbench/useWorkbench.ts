// Loads a workbench's facts from the server: the user (/member/info, fresh rather than the copy
// stored at login, so counts and levels are current), their menus (/member/menus), the account
// figures and, for the company, its statistics. Errors are shown by the page itself (silent
// requests) with a retry.
import { useCallback, useEffect, useState } from "react";
import { memberTypeKey, type MemberTypeKey } from "../../domain/member";
import type { Lang } from "../../access";
import { RequestError, request } from "../../providers/request";
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

const opts = (signal: AbortSignal) => ({ silent: true, needLogin: true, signal });

async function load(kind: WorkbenchKind, lang: Lang, signal: AbortSignal): Promise<WorkbenchState> {
  const [user, menus] = await Promise.all([
    request<WorkbenchUser>("/member/info", {}, opts(signal)),
    request<MenusReply>("/member/menus", { lang }, opts(signal)),
  ]);
  // Another type's workbench: say so without asking for figures the server would refuse.
  if (!WORKBENCH_TYPES[kind].includes(memberTypeKey(user))) return { status: "forbidden", user, menus };
  const [account, stats] = await Promise.all([
    request<AccountSummary>("/account/AppAccount", {}, opts(signal)),
    kind === "company" ? request<CompanyStatistics>("/member/center/companystatistics", {}, opts(signal)) : Promise.resolve(null),
  ]);
  return { status: "ready", data: { user, menus, account, stats } };
}

export function useWorkbench(kind: WorkbenchKind, lang: Lang): WorkbenchState & { retry: () => void } {
  const [state, setState] = useState<WorkbenchState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const ctl = new AbortController();
    setState({ status: "loading" });
    load(kind, lang, ctl.signal).then(
      (next) => !ctl.signal.aborted && setState(next),
      (err: unknown) => {
        if (ctl.signal.aborted || (err instanceof RequestError && err.kind === "canceled")) return;
        // axios words a lost connection in English ("Network Error"); the page names it itself.
        const network = err instanceof RequestError && err.kind === "network";
        const message = network ? "" : err instanceof Error ? err.message : String(err);
        setState({ status: "error", message, network });
      },
    );
    return () => ctl.abort();
  }, [kind, lang, attempt]);

  return { ...state, retry };
}
