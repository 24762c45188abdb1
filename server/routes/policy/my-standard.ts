// My standard (my_standard): the travel standard, car standard and over-standard rule of the
// signed-in employee's trip level, as readable sentences, and the flow their trips go through.
import { z } from "zod";
import { defineRoute } from "../../services/http/route";
import { companyCaller } from "../../policy/company";
import { standardOfEmployee } from "../../policy/standards";

export const myStandardRoutes = [
  defineRoute({
    method: "POST",
    url: "/member/center/my_standard",
    summary: "我的差旅标准（机票、酒店、火车、用车及超标处理方式）",
    tags: ["my-standard"],
    access: "my-standard",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => {
      const me = await companyCaller(ctx.db, member!);
      return standardOfEmployee(ctx.db, me.companyId, me.employee?.tripLevelId ?? null, me.member.id);
    },
  }),
];
