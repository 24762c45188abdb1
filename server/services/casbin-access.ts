// The server decides with the Casbin enforcer over the same model and policy the portal's table
// reads: built on the first check, then every check is a memoised enforceSync.
import { createAccess, generatePolicy, memoCheck, MODEL_TEXT, type Access } from "../../src/access";

let pending: Promise<Access> | undefined;

async function build(): Promise<Access> {
  // Casbin (and the CSV parser it reads the policy with) is loaded for the first check that needs
  // it, not compiled at every start.
  const { newEnforcer, newModelFromString, StringAdapter } = await import("casbin");
  const enforcer = await newEnforcer(newModelFromString(MODEL_TEXT), new StringAdapter(generatePolicy()));
  return createAccess(memoCheck((sub, obj, act) => enforcer.enforceSync(sub, obj, act)));
}

/** The server's Access, built on first use; a failed build is retried on the next call. */
export function getServerAccess(): Promise<Access> {
  pending ??= build().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}
