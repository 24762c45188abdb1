// Who chooses which channels a notification goes out on, shared by the server and the forms:
// a member picks channels per event group (the portal's message centre always has everything),
// and the language their emails are written in; a company administrator sets the defaults their
// members start from and which groups the company's group robots post; each robot is a
// 企业微信, 钉钉 or 飞书 webhook with a signing secret where the platform has one.
import { z } from "zod";
import { zInt, zText } from "./zod";
import { m, trLazy } from "./tr";
import { NOTICE_GROUPS, ROBOT_GROUPS, SMS_BY_DEFAULT, NOTICE_GROUP, type NoticeGroup, type NoticeKind } from "./notifications";

export const OUTSIDE_CHANNELS = ["sms", "email"] as const;
export type OutsideChannel = (typeof OUTSIDE_CHANNELS)[number];
export const ROBOT_PLATFORMS = ["wecom", "dingtalk", "feishu"] as const;
export type RobotPlatform = (typeof ROBOT_PLATFORMS)[number];
/** 企业微信's webhook has no signing secret; 钉钉's and 飞书's may have one. */
export const PLATFORM_SIGNS: Record<RobotPlatform, boolean> = { wecom: false, dingtalk: true, feishu: true };

export { NOTICE_PREFERENCE_PATHS } from "./notice-preference-paths";

// A form sends no field for an empty choice: a missing group is "no outside channel".
const channelList = z.array(z.enum(OUTSIDE_CHANNELS, { error: "通知渠道只能是短信或邮件" })).max(2).optional().default([]).transform((l) => [...new Set(l)]);
const groupShape = Object.fromEntries(NOTICE_GROUPS.map((g) => [g, channelList])) as Record<NoticeGroup, typeof channelList>;

/** A member's choices: channels per group, and the language of their emails. */
export const memberPreferenceSchema = z.object({ lang: z.enum(["zh", "en"], { error: "语言只能是中文或英文" }), ...groupShape }).strict();
export type MemberPreferences = z.infer<typeof memberPreferenceSchema>;

/** A company's defaults for its members, and the groups its robots post. */
export const companyNoticeSchema = z
  .object({ ...groupShape, robotGroups: z.array(z.enum(ROBOT_GROUPS, { error: "群机器人只能推送审批和行程变动" })).max(ROBOT_GROUPS.length).optional().default([]).transform((l) => [...new Set(l)]) })
  .strict();
export type CompanyNoticeSettings = z.infer<typeof companyNoticeSchema>;

export const robotSchema = z
  .object({
    platform: z.enum(ROBOT_PLATFORMS, m("平台只能是企业微信、钉钉或飞书")),
    name: zText({ max: 40, min: 1, trim: true, label: trLazy("机器人名称") }),
    url: zText({ max: 500, trim: true, label: trLazy("Webhook 地址") }).refine((u) => /^https?:\/\/[^\s/]+\/\S*$/.test(u), m("Webhook 地址须以 http:// 或 https:// 开头")),
    secret: zText({ max: 200, trim: true, label: trLazy("签名密钥") }).optional().transform((s) => s || null),
    // Form bodies carry numbers as text: "1" and 1 are both read as enabled.
    status: zInt({ min: 0, max: 1, error: trLazy("状态不正确") }).optional().default(1),
  })
  .strict()
  .refine((r) => PLATFORM_SIGNS[r.platform] || !r.secret, { ...m("企业微信机器人没有签名密钥"), path: ["secret"] });
export type RobotInput = z.infer<typeof robotSchema>;

/** What a kind goes out on when neither the member nor the company chose: email always, SMS for what must not be missed. */
export function builtInChannels(kind: NoticeKind): OutsideChannel[] {
  return SMS_BY_DEFAULT.has(kind) ? ["sms", "email"] : ["email"];
}

/** The member's choice for the kind's group, else the company's, else the built-in one. */
export function chosenChannels(kind: NoticeKind, member: Partial<Record<NoticeGroup, string[]>> | null, company: Partial<Record<NoticeGroup, string[]>> | null): string[] {
  const group = NOTICE_GROUP[kind];
  return member?.[group] ?? company?.[group] ?? builtInChannels(kind);
}
