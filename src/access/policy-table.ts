// The policy as a lookup table, for the browser: the model is plain RBAC with exact object
// matching (see model.ts), so a decision is "some policy line whose subject is the caller or one
// of its roles names this object, with this action or '*'". The server decides with Casbin
// itself; a test holds the two to the same answers over every subject, object and action.
import { ANY_ACTION } from "./model";
import type { Check } from "./visibility";

/** Parses "p, sub, obj, act" and "g, member, role" lines into a check function. */
export function policyTableCheck(policy: string): Check {
  const allowed = new Map<string, Set<string>>(); // `${sub}\0${obj}` → actions
  const parents = new Map<string, string[]>();
  for (const raw of policy.split("\n")) {
    const parts = raw.split(",").map((p) => p.trim());
    if (parts[0] === "p" && parts.length === 4) {
      const key = `${parts[1]}\u0000${parts[2]}`;
      const acts = allowed.get(key) ?? new Set<string>();
      acts.add(parts[3]);
      allowed.set(key, acts);
    } else if (parts[0] === "g" && parts.length === 3) {
      parents.set(parts[1], [...(parents.get(parts[1]) ?? []), parts[2]]);
    }
  }
  const rolesCache = new Map<string, string[]>();
  const rolesOf = (sub: string): string[] => {
    let roles = rolesCache.get(sub);
    if (roles) return roles;
    const seen = new Set<string>([sub]);
    const queue = [sub];
    while (queue.length) for (const parent of parents.get(queue.shift()!) ?? []) if (!seen.has(parent)) (seen.add(parent), queue.push(parent));
    roles = [...seen];
    rolesCache.set(sub, roles);
    return roles;
  };
  return (sub, obj, act) =>
    rolesOf(sub).some((s) => {
      const acts = allowed.get(`${s}\u0000${obj}`);
      return !!acts && (acts.has(ANY_ACTION) || acts.has(act));
    });
}
