// Member types and how a signed-in user's type key is derived.
import { codeTable, label, type CodeTable } from "./codes";
import type { Lang } from "./messages";

export const MEMBER_TYPE_KEYS = ["10", "20", "30", "40", "50", "70", "7_0"] as const;
export type MemberTypeKey = (typeof MEMBER_TYPE_KEYS)[number];

/** Display labels (copy.zh-CN.md, "Member types"). */
export const MEMBER_TYPE_LABELS: CodeTable<MemberTypeKey> = codeTable("memberType", MEMBER_TYPE_KEYS);

/** A guest (not signed in) has this member level. */
export const GUEST_MEMBER_LEVEL = 999;

/** The fields that decide a user's type key. */
export interface MemberTypeFacts {
  memberType: string | number;
  creditMemberId?: number | null;
  creditEmployeeId?: number | null;
}

/**
 * The user's type key: an employee of a credit company (creditEmployeeId > 0) is 7_0
 * whatever its base type; type 70 counts only with creditMemberId > 0, otherwise such a member
 * falls back to an individual member (10) so it never gets company rights it has no company for.
 */
export function memberTypeKey(user: MemberTypeFacts): MemberTypeKey {
  if ((user.creditEmployeeId ?? 0) > 0) return "7_0";
  const type = String(user.memberType);
  if (type === "70") return (user.creditMemberId ?? 0) > 0 ? "70" : "10";
  if ((MEMBER_TYPE_KEYS as readonly string[]).includes(type)) return type as MemberTypeKey;
  return "10";
}

export function memberTypeLabel(key: MemberTypeKey, lang: Lang = "zh"): string {
  return label(MEMBER_TYPE_LABELS, key, lang);
}

/** The level prices and rights are computed for: a guest (no user) is level 999. */
export function memberLevelOf(user: { memberLevel?: number | null } | null | undefined): number {
  return user?.memberLevel ?? GUEST_MEMBER_LEVEL;
}

/** A family child member is one with femaleEndId > 0. */
export function isFamilyChild(user: { femaleEndId?: number | null }): boolean {
  return (user.femaleEndId ?? 0) > 0;
}
