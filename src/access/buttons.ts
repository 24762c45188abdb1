// The stored button list of a member: keys kept as the upper-case MD5 hex of a button's
// permissionId. Apart from the other rules because only the Casbin enforcer (loaded lazily) and
// the server compare keys, and MD5 need not be part of the portal's first download.
import { md5Hex } from "./md5";
import type { AccessSubject } from "./rules";

/** Stored form of a button key: upper-case MD5 hex of the permissionId. */
export function buttonHash(permissionId: string): string {
  return md5Hex(permissionId).toUpperCase();
}

/**
 * Whether the stored button list grants the key. With no list loaded (undefined/null) the tree
 * alone decides; an empty list grants nothing, so a server can revoke every button explicitly.
 */
export function buttonListed(subject: AccessSubject | null | undefined, permissionId: string): boolean {
  const list = subject?.buttons;
  if (list == null) return true;
  const hash = buttonHash(permissionId);
  return list.some((b) => String(b.key).toUpperCase() === hash);
}
