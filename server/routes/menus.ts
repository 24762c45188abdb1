// The signed-in user's menus and buttons: the same tree and rules the
// portal uses, decided here from the member's record in the database (trip flags, canAudit,
// partner) rather than from whatever the browser has stored.
import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { accessSubjectOf } from "../services/authorize";
import { getServerAccess } from "../services/casbin-access";

const menusInput = z.object({ lang: z.enum(["zh", "en"]).optional() }).strict();

export const menuRoutes = [
  defineRoute({
    method: "POST",
    url: "/member/menus",
    summary: "当前用户可见的菜单树、按钮与按钮权限列表",
    tags: ["member"],
    access: "member",
    input: menusInput,
    handler: async ({ input, member, ctx }) => {
      const access = await getServerAccess();
      const subject = await accessSubjectOf(ctx.db, member!);
      const lang = input.lang ?? "zh";
      return {
        menus: access.visibleMenuTree(subject, lang),
        buttons: access.visibleButtons(subject, lang),
        buttonList: access.buttonListFor(subject),
      };
    },
  }),
];
