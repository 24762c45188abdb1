// The signed-in operator's role, from the console's session (its answer is cached, not asked again).
import { useOpsMe, useOpsToken } from "../../ops/session";
import type { OpsRole } from "../../domain/ops/paths";

export function useGetOpsRole(): OpsRole | null {
  return useOpsMe(useOpsToken()).me?.role ?? null;
}
