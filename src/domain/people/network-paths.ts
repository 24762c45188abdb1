// The member network's calls and rules that the first download may need (the resource registry,
// the referral link): kept apart from the zod schemas so that download stays without zod.
import type { MemberTypeKey } from "../member";

export const NETWORK_PATHS = {
  subsidiaryList: "/creditMember/list_chd",
  subsidiarySave: "/creditMember/add_or_update_chd",
  subsidiaryDetail: "/creditMember/detail_chd",
  subsidiaryStatus: "/creditMember/status_chd",
  recommendMember: "/recommend/appRecommendMember",
  recommendedList: "/recommend/AppRecommendedList",
  recommendedCount: "/recommend/appRecommendedCount",
  subordinateList: "/member/subordinate/list",
} as const;

/** The register address a referral link opens: the login page in register mode. */
export const REGISTER_PAGE = "/view/login.shtml";
/** The register form's referrer field, also the referral link's query key. */
export const REFERRER_PARAM = "refermobilephone";

/**
 * A member's referral link (path and query; the page adds its origin). The referral code is the
 * member's mobile: registration records a referrer by mobile, so the code is what a friend types
 * into the register form's referrer field when they do not come through the link.
 */
export function referralPath(mobile: string): string {
  return `${REGISTER_PAGE}?type=2&${REFERRER_PARAM}=${encodeURIComponent(mobile)}`;
}

/**
 * The member types an agent's subordinates have. The only superior link a member record carries
 * is the referrer it registered with; an agent's subordinates are the members it recruited that
 * way whose type ranks below its own (10 < 20 < 30 < 40 < 50; a city operator's recruits include
 * distribution service providers). Companies (70) and their employees are customers of the
 * enterprise workbench, never an agent's subordinates.
 */
export function subordinateTypesOf(key: MemberTypeKey): string[] {
  if (key === "50") return ["10", "20", "30", "40"];
  if (key === "40") return ["10", "20", "30"];
  return [];
}

/** Quick order carries the member booked for into the flight search and order pages. */
export const BOOK_FOR_PARAM = "forMemberId";
