// Company booking preferences (PreferenSettings): hotel multi-pay, whether business bookings
// need an approved trip application, the over-standard reasons, and automatic approval
// decisions. The company's main member (70) only.
import { z } from "zod";
import { defineRoute } from "../../services/http/route";
import { preferencesFormSchema } from "../../../src/domain/policy";
import { companyCaller } from "../../policy/company";
import { loadPreferences, saveSetting } from "../../policy/settings";

export const preferenceRoutes = [
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/preference_info",
    summary: "企业差旅偏好设置",
    tags: ["preferences"],
    access: "preferences",
    input: z.object({}).strict(),
    handler: async ({ member, ctx }) => loadPreferences(ctx.db, (await companyCaller(ctx.db, member!)).companyId),
  }),
  defineRoute({
    method: "POST",
    url: "/api/v1/trip_manager/preference_save",
    summary: "保存企业差旅偏好设置",
    tags: ["preferences"],
    access: "preferences",
    input: preferencesFormSchema,
    handler: async ({ input, member, ctx }) => {
      const { companyId } = await companyCaller(ctx.db, member!);
      await saveSetting(ctx.db, companyId, "preferences", input);
      return loadPreferences(ctx.db, companyId);
    },
  }),
];
