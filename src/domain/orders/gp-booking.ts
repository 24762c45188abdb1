// Booking a 政府采购 (GP) fare: the order form shared by the order page (/airTicket/order_info_office)
// and the server's route. Each passenger is a flight passenger who also names their budget unit
// (预算单位) and their own official card (公务卡); GP fares are sold to adults only, which needs
// the travel date (the server checks it after verifying the fare, the form through gpOrderSchema).
import { m, tr, trLazy } from "../tr";
import { z } from "zod";
import { zBool } from "../zod";
import {
  budgetUnitProblem, BUDGET_UNIT_MAX, GP_TEXT_PARAMS, GP_TEXTS, gpPassengerTypeProblem, isGpFareKey, OFFICIAL_CARD_INPUT_MAX, officialCardDigits, officialCardProblem,
} from "../travel/gp-fares";
import { CERT_TYPE } from "../codes";
import { flightOrderInput, flightPassengerFields, MAX_PASSENGERS, passengerTypeOn, refineFlightPassenger } from "./flight-booking";

export { GP_ORDER_PATHS } from "./gp-types";

const budgetUnit = z
  .string(m(GP_TEXTS.budgetUnitRequired))
  .max(2 * BUDGET_UNIT_MAX, m(GP_TEXTS.budgetUnitLength, GP_TEXT_PARAMS))
  .trim()
  .superRefine((v, ctx) => {
    const problem = budgetUnitProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Stored as its digits: blanks typed between the groups are dropped. */
const officialCard = z
  .string(m(GP_TEXTS.cardRequired))
  .max(OFFICIAL_CARD_INPUT_MAX, m(GP_TEXTS.cardLength))
  .overwrite(officialCardDigits)
  .superRefine((v, ctx) => {
    const problem = officialCardProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const gpPassengerInput = z
  .object({ ...flightPassengerFields, budgetUnit, officialCard })
  .strict()
  .superRefine(refineFlightPassenger);

export type GpPassengerInput = z.output<typeof gpPassengerInput>;

const shape = flightOrderInput.shape;

export const gpOrderInput = z
  .object({
    fareKey: shape.fareKey.refine(isGpFareKey, m(GP_TEXTS.fareRequired)),
    price: shape.price,
    acceptPrice: zBool(trLazy("acceptPrice 只能是 0 或 1")).optional(),
    clientKey: shape.clientKey,
    contactName: shape.contactName,
    contactMobile: shape.contactMobile,
    passengers: z.array(gpPassengerInput, { error: trLazy("请添加乘客") }).min(1, m("请添加乘客")).max(MAX_PASSENGERS, m("每张订单最多 {MAX_PASSENGERS} 名乘客", { MAX_PASSENGERS })),
  })
  .strict()
  .superRefine((o, ctx) => {
    const certs = new Set<string>();
    const cards = new Set<string>();
    o.passengers.forEach((p, i) => {
      const cert = `${p.certType}|${p.certNo.toUpperCase()}`;
      if (certs.has(cert)) ctx.addIssue({ code: "custom", path: ["passengers", i, "certNo"], message: tr("同一证件不能重复添加") });
      certs.add(cert);
      // A 公务卡 is issued to one civil servant: each traveller names their own.
      if (cards.has(p.officialCard)) ctx.addIssue({ code: "custom", path: ["passengers", i, "officialCard"], message: tr("每位乘客应填写本人的公务卡号，不能重复") });
      cards.add(p.officialCard);
    });
  });

export type GpOrderInput = z.output<typeof gpOrderInput>;

/**
 * Who a GP fare is sold to on this travel date: adults only. Keyed by the field that decides the
 * age (the ID card's number, else the birth date entered).
 */
export function gpPassengerProblems(passengers: readonly { certType: number; certNo: string; birthday?: string }[], depDate: string): Record<string, string> {
  const errors: Record<string, string> = {};
  passengers.forEach((p, i) => {
    if (!p.certNo) return;
    const problem = gpPassengerTypeProblem(passengerTypeOn({ ...p, certNo: p.certNo.trim() }, depDate));
    if (problem) errors[`passengers.${i}.${p.certType === CERT_TYPE.idCard ? "certNo" : "birthday"}`] = problem;
  });
  return errors;
}

/** The order schema with the adults-only rule of the travel date, for the form. */
export function gpOrderSchema(depDate: string | undefined) {
  return gpOrderInput.superRefine((o, ctx) => {
    if (!depDate) return;
    for (const [path, message] of Object.entries(gpPassengerProblems(o.passengers, depDate))) {
      ctx.addIssue({ code: "custom", path: path.split(".").map((x) => (/^\d+$/.test(x) ? Number(x) : x)), message });
    }
  });
}
