import { z } from "zod";
import { defineRoute } from "../services/http/route";
import { pingDatabase } from "../services/readiness";

export const systemRoutes = [
  defineRoute({
    method: "GET",
    url: "/health",
    summary: "健康检查（含数据库连通性）",
    tags: ["system"],
    access: "public",
    input: z.object({}).strict(),
    handler: async ({ ctx }) => {
      await pingDatabase(ctx.db);
      return { status: "ok", database: ctx.dialect };
    },
  }),
];
