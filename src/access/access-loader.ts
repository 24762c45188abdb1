// Where the browser and the server get their Access: each builds its own Casbin enforcer from the
// one model and policy text (model.ts, policy.ts), on first use. The enforcer module (and Casbin
// with it) is imported then, so a page's first download carries only this loader.
import type { Access } from "./enforcer";
import { policyRevision } from "./policy";

/**
 * One Access per caller (the browser tab, the server process), rebuilt when the policy text is
 * replaced; a failed build is retried on the next call.
 */
export function accessCache(): () => Promise<Access> {
  let pending: Promise<Access> | undefined;
  let builtFor = -1;
  return () => {
    const revision = policyRevision();
    if (!pending || builtFor !== revision) {
      builtFor = revision;
      pending = import("./enforcer")
        .then((m) => m.buildCasbinAccess())
        .catch((err: unknown) => {
          pending = undefined;
          throw err;
        });
    }
    return pending;
  };
}

/** The browser's Access: its own Casbin enforcer over the policy the server enforces. */
export const getAccess: () => Promise<Access> = accessCache();
