// The server decides with the Casbin enforcer over the same model and policy the portal's table
// reads: built once, then every check is a memoised enforceSync.
import { newEnforcer, newModelFromString, StringAdapter } from "casbin";
import { createAccess, generatePolicy, memoCheck, MODEL_TEXT, type Access } from "../../src/access";

let pending: Promise<Access> | undefined;

async function build(): Promise<Access> {
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
