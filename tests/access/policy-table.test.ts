// The browser decides from the policy table, the server with Casbin: both must give the same
// answer for every subject (each member type, the guest, the roles, an unknown one), every object
// the policy names plus unknown ones, and every action.
import { describe, expect, it } from "vitest";
import { newEnforcer, newModelFromString, StringAdapter } from "casbin";
import { ANYONE_ROLE, GUEST, MEMBER_ROLE, MODEL_TEXT, generatePolicy, policyTableCheck } from "../../src/access";
import { MEMBER_TYPE_KEYS } from "../../src/domain/member";

describe("policy table", () => {
  it("answers exactly as Casbin over the whole policy", async () => {
    const policy = generatePolicy();
    const enforcer = await newEnforcer(newModelFromString(MODEL_TEXT), new StringAdapter(policy));
    const table = policyTableCheck(policy);
    const lines = policy.split("\n").filter((l) => l.startsWith("p,")).map((l) => l.split(",").map((p) => p.trim()));
    const objects = [...new Set(lines.map((l) => l[2])), "route:NoSuchRoute", "api:nothing", "menu:999999", "other"];
    const actions = [...new Set(lines.map((l) => l[3])), "read", "write", "delete", "view"];
    const subjects = [...MEMBER_TYPE_KEYS, GUEST, MEMBER_ROLE, ANYONE_ROLE, "stranger"];
    let allowed = 0;
    let checked = 0;
    for (const sub of subjects)
      for (const obj of objects)
        for (const act of actions) {
          const expected = enforcer.enforceSync(sub, obj, act);
          expect(table(sub, obj, act), `${sub} ${obj} ${act}`).toBe(expected);
          checked++;
          if (expected) allowed++;
        }
    // Both answers occur in quantity, so the comparison is not vacuous.
    expect(allowed).toBeGreaterThan(100);
    expect(checked - allowed).toBeGreaterThan(100);
  });

  it("follows roles transitively and honours '*' actions", () => {
    const check = policyTableCheck("p, anyone, doc, view\np, member, api:x, *\ng, 10, member\ng, member, anyone\n");
    expect(check("10", "doc", "view")).toBe(true);
    expect(check("10", "doc", "edit")).toBe(false);
    expect(check("10", "api:x", "delete")).toBe(true);
    expect(check("guest", "api:x", "read")).toBe(false);
  });
});
