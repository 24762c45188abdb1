// Any product's order form schema with its business part: the schema the server validates with,
// plus what the travel standard asks of the chosen offer on business (an approved application,
// an over-standard reason), which only the standard's check knows. A private booking sends no
// application or reason (the fields stay filled while hidden, in case the buyer switches back).
import { z } from "zod";
import type { BusinessCheck } from "../../domain/orders/business-types";
import type { BusinessFields } from "./business";

export interface BusinessMessages {
  applicationRequired: string;
  overReasonRequired: string;
}

/** hiddenWhenPrivate: further fields only a business booking sends (a flight's colleague). */
export function withStandardCheck<T extends BusinessFields>(
  schema: z.ZodType<T>,
  check: BusinessCheck | undefined,
  messages: BusinessMessages,
  hiddenWhenPrivate: readonly string[] = [],
) {
  return z.preprocess(
    (raw) => {
      const v = raw as Record<string, unknown> & BusinessFields;
      if (v.travelType === "business") return v;
      return Object.fromEntries(Object.entries(v).filter(([k]) => k !== "applyId" && k !== "overReason" && !hiddenWhenPrivate.includes(k)));
    },
    schema.superRefine((o, ctx) => {
      if (o.travelType !== "business" || !check) return;
      if (check.applicationRequired && o.applyId === undefined) ctx.addIssue({ code: "custom", path: ["applyId"], message: messages.applicationRequired });
      if (check.needReason && !o.overReason) ctx.addIssue({ code: "custom", path: ["overReason"], message: messages.overReasonRequired });
    }),
  );
}
