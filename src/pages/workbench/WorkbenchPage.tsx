// The body shared by the four workbenches: load, then greeting + the kind's facts + entry points.
// Each page file only wraps it in the layout's WorkbenchFrame and supplies its facts.
import { useMemo, type ReactNode } from "react";
import { buttonLinks, entryGroups, pickLinks, type EntryGroup } from "./entries";
import { EntryPoints, ErrorState, ForbiddenState, LoadingState } from "./parts";
import { useWorkbench, type WorkbenchData } from "./useWorkbench";
import type { WorkbenchKind } from "./types";
import { useTranslate } from "@refinedev/core";

export interface WorkbenchBodyProps {
  data: WorkbenchData;
  groups: EntryGroup[];
}

export function WorkbenchPage({ kind, children }: { kind: WorkbenchKind; children: (p: WorkbenchBodyProps) => ReactNode }) {
  const t = useTranslate();
  const state = useWorkbench(kind);
  const groups = useMemo(
    () => (state.status === "ready" ? entryGroups(state.data.menus, kind, t("workbench.shortcuts")) : []),
    [state, kind, t],
  );

  if (state.status === "loading") return <LoadingState />;
  if (state.status === "error") {
    return <ErrorState message={state.network ? t("workbench.networkError") : state.message} onRetry={state.retry} />;
  }
  // Offer the workbenches the user does have (their header buttons), never this one.
  if (state.status === "forbidden") return <ForbiddenState user={state.user} links={buttonLinks(state.menus.buttons, kind)} />;
  return (
    <div className="tp-wb" data-testid={`workbench-${kind}`}>
      {children({ data: state.data, groups })}
      <EntryPoints groups={groups} />
    </div>
  );
}

export { pickLinks };
