// Notification settings: a member's own channel choices and email language; the company
// administrator's defaults for their members, which groups the company's robots post, and the
// robots themselves. Another company's robot answers as missing, so ids reveal nothing.
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { saidLazy } from "../services/i18n/text";
import { zInt } from "../../src/domain/zod";
import { NOTICE_GROUPS, type NoticeGroup } from "../../src/domain/notifications";
import { companyNoticeSchema, memberPreferenceSchema, NOTICE_PREFERENCE_PATHS as P, robotSchema, builtInChannels } from "../../src/domain/notice-preferences";
import { companyIdOf } from "../people/employees";
import { companyIdOfMember } from "../notifications/preferences";
import { addRobot, companyRobots, companySettings, deleteRobot, memberPreferences, ownRobot, ROBOTS_MAX, saveCompanySettings, saveMemberPreferences, updateRobot } from "../notifications/settings-store";

const TAGS = ["notifications"];
const idInput = z.object({ id: zInt({ min: 1, max: 2_147_483_647, error: saidLazy("notices.invalidRobotNumber") }) }).strict();

const readGroups = (text: string | undefined): Partial<Record<NoticeGroup, string[]>> | null => {
  try {
    return text ? (JSON.parse(text) as Partial<Record<NoticeGroup, string[]>>) : null;
  } catch {
    return null;
  }
};

/** Each group's channels: the given choice, else the built-in default of the group's first kind. */
const BUILT_IN: Record<NoticeGroup, string[]> = {
  order: builtInChannels("orderTicketed"), disruption: builtInChannels("scheduleChanged"), approval: builtInChannels("approvalWaiting"),
  account: builtInChannels("withdrawalPaid"), settlement: builtInChannels("statementReady"),
};
const fill = (...layers: (Partial<Record<NoticeGroup, string[]>> | null)[]) =>
  Object.fromEntries(NOTICE_GROUPS.map((g) => [g, layers.find((l) => l?.[g])?.[g] ?? BUILT_IN[g]])) as Record<NoticeGroup, string[]>;

/** The secret never leaves the server; the form shows whether one is set. */
const robotView = (r: { id: number; platform: string; name: string; url: string; secret: string | null; status: number; createTime: string }) => ({
  id: r.id, platform: r.platform, name: r.name, url: r.url.replace(/(key|access_token|hook\/)([=/]?)[\w-]{6,}/i, "$1$2******"), hasSecret: Boolean(r.secret), status: r.status, createTime: r.createTime,
});

export const noticeSettingRoutes = [
  defineRoute({
    method: "POST", url: P.mine, summary: "通知设置：本人各类通知的渠道与邮件语言", tags: TAGS, access: "member", input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const mine = await memberPreferences(ctx.db, member!.id);
      const company = await companySettings(ctx.db, await companyIdOfMember(ctx.db, member!.id));
      return { lang: mine?.lang === "en" ? "en" : "zh", ...fill(readGroups(mine?.channels), readGroups(company?.channels)) };
    },
  }),
  defineRoute({
    method: "POST", url: P.saveMine, summary: "通知设置：保存本人各类通知的渠道与邮件语言（站内消息始终送达）", tags: TAGS, access: "member", input: memberPreferenceSchema,
    handler: async ({ input, member, ctx }) => {
      const { lang, ...groups } = input;
      await saveMemberPreferences(ctx.db, member!.id, groups, lang);
      return input;
    },
  }),
  defineRoute({
    method: "POST", url: P.company, summary: "企业通知设置：员工默认渠道与群机器人推送的通知类别", tags: TAGS, access: "notice-settings", input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const s = await companySettings(ctx.db, companyIdOf(member!));
      let robotGroups: string[];
      try {
        robotGroups = s ? (JSON.parse(s.robotGroups) as string[]) : ["approval", "disruption"];
      } catch {
        robotGroups = [];
      }
      return { ...fill(readGroups(s?.channels)), robotGroups };
    },
  }),
  defineRoute({
    method: "POST", url: P.saveCompany, summary: "企业通知设置：保存员工默认渠道与群机器人推送的通知类别", tags: TAGS, access: "notice-settings", input: companyNoticeSchema,
    handler: async ({ input, member, ctx }) => {
      const { robotGroups, ...groups } = input;
      await saveCompanySettings(ctx.db, companyIdOf(member!), groups, robotGroups);
      return input;
    },
  }),
  defineRoute({
    method: "POST", url: `${P.robots}/list`, summary: "群机器人列表（企业微信、钉钉、飞书）", tags: TAGS, access: "notice-robots", input: z.object({}).passthrough(),
    handler: async ({ member, ctx }) => {
      const rows = await companyRobots(ctx.db, companyIdOf(member!));
      return { list: rows.map(robotView), total: rows.length, pageNum: 1, pageSize: ROBOTS_MAX };
    },
  }),
  defineRoute({
    method: "POST", url: `${P.robots}/detail`, summary: "群机器人详情（不含签名密钥）", tags: TAGS, access: "notice-robots", input: idInput,
    handler: async ({ input, member, ctx }) => robotView(await ownRobot(ctx.db, companyIdOf(member!), input.id)),
  }),
  defineRoute({
    method: "POST", url: `${P.robots}/add`, summary: "添加群机器人", tags: TAGS, access: "notice-robots", input: robotSchema,
    handler: async ({ input, member, ctx }) => {
      return robotView(await addRobot(ctx.db, companyIdOf(member!), input));
    },
  }),
  defineRoute({
    method: "POST", url: `${P.robots}/update`, summary: "修改群机器人（签名密钥留空则不变）", tags: TAGS, access: "notice-robots", input: robotSchema.and(idInput),
    handler: async ({ input, member, ctx }) => {
      const companyId = companyIdOf(member!);
      const old = await ownRobot(ctx.db, companyId, input.id);
      // The URL shown is masked: the form sends it back unchanged when only other fields changed.
      const url = input.url === robotView(old).url ? old.url : input.url;
      const secret = input.platform === "wecom" ? null : (input.secret ?? old.secret);
      await updateRobot(ctx.db, companyId, old.id, { platform: input.platform, name: input.name, url, secret, status: input.status });
      return robotView(await ownRobot(ctx.db, companyId, old.id));
    },
  }),
  defineRoute({
    method: "POST", url: `${P.robots}/delete`, summary: "删除群机器人", tags: TAGS, access: "notice-robots", input: idInput,
    handler: async ({ input, member, ctx }) => {
      await deleteRobot(ctx.db, companyIdOf(member!), input.id);
      return { id: input.id };
    },
  }),
];
