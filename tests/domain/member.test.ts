import { describe, expect, it } from "vitest";
import {
  GUEST_MEMBER_LEVEL,
  isFamilyChild,
  MEMBER_TYPE_KEYS,
  memberTypeKey,
  memberTypeLabel,
} from "../../src/domain/member";
import { copyTable, HAS_COPY_FILE } from "./copy-file";

const LABELS: [string, string][] = [
  ["10", "个人会员"],
  ["20", "家庭会员"],
  ["30", "商务会员"],
  ["40", "分销服务商"],
  ["50", "城市运营商"],
  ["70", "信用主会员"],
  ["7_0", "信用子会员"],
];

describe("member type labels", () => {
  it.each(LABELS)("%s is %s", (key, zh) => {
    expect(memberTypeLabel(key as (typeof MEMBER_TYPE_KEYS)[number])).toBe(zh);
    expect(memberTypeLabel(key as (typeof MEMBER_TYPE_KEYS)[number], "en")).toMatch(/^[A-Za-z -]+$/);
  });
  it("has exactly the 7 keys", () => expect([...MEMBER_TYPE_KEYS]).toEqual(LABELS.map(([k]) => k)));
  it.skipIf(!HAS_COPY_FILE)("matches copy.zh-CN.md", () => expect(copyTable("Member types (display labels)")).toEqual(LABELS));
});

describe("memberTypeKey (spec §1)", () => {
  it.each([
    [{ memberType: 10 }, "10"],
    [{ memberType: "20" }, "20"],
    [{ memberType: 30 }, "30"],
    [{ memberType: 40 }, "40"],
    [{ memberType: 50 }, "50"],
    [{ memberType: 70, creditMemberId: 5 }, "70"],
    [{ memberType: 70, creditMemberId: 0 }, "10"], // no company: no company rights
    [{ memberType: 70 }, "10"],
    [{ memberType: 70, creditMemberId: null }, "10"],
    [{ memberType: 10, creditEmployeeId: 3 }, "7_0"], // employee whatever the base type
    [{ memberType: 70, creditMemberId: 5, creditEmployeeId: 3 }, "7_0"],
    [{ memberType: 10, creditEmployeeId: 0 }, "10"],
    [{ memberType: 60 }, "10"], // unknown type
    [{ memberType: "7_0" }, "7_0"],
  ] as const)("%j -> %s", (user, key) => expect(memberTypeKey(user)).toBe(key));
});

describe("family child and guest level", () => {
  it("a family child has femaleEndId > 0", () => {
    expect(isFamilyChild({ femaleEndId: 8 })).toBe(true);
    expect(isFamilyChild({ femaleEndId: 0 })).toBe(false);
    expect(isFamilyChild({ femaleEndId: null })).toBe(false);
    expect(isFamilyChild({})).toBe(false);
  });
  it("a guest has member level 999", () => expect(GUEST_MEMBER_LEVEL).toBe(999));
});

describe("memberLevelOf", () => {
  it("is 999 for a guest and the member's own level otherwise", async () => {
    const { memberLevelOf, GUEST_MEMBER_LEVEL } = await import("../../src/domain/member");
    expect(GUEST_MEMBER_LEVEL).toBe(999);
    expect(memberLevelOf(null)).toBe(999);
    expect(memberLevelOf(undefined)).toBe(999);
    expect(memberLevelOf({ memberLevel: 3 })).toBe(3);
  });
});
