// The server decides with its own Casbin enforcer over the same model and policy text the
// portal's enforcer reads (src/access): built on the first check, then every check is a memoised
// enforceSync.
import { accessCache, type Access } from "../../src/access";

/** The server's Access, built on first use and again after the policy text is replaced. */
export const getServerAccess: () => Promise<Access> = accessCache();
