// The console menu's counts (a work queue's waiting items): read every little while, and again at
// once when an action on the queue may have changed them.
import { useQueryClient } from "@tanstack/react-query";

export const OPS_MENU_COUNT_KEY = "ops-menu-count";

/** Reads every menu count again (after a take, release, ticketing or failure). */
export function useRefreshMenuCounts(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [OPS_MENU_COUNT_KEY] });
}
