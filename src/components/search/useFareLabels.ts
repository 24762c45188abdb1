// A listed fare's cabin, discount and refund-and-change tier in the reader's language: the codes
// decide them (list-fares.ts); Chinese keeps 经济舱 · 6.5折 · 折扣舱, English reads Economy ·
// 35% off · Discount fare.
import { useTranslate } from "@refinedev/core";
import { listFareTier, type FareLabels } from "../../domain/travel/list-fares";
import { discountText } from "../../domain/report-figures";
import type { ListFare } from "../../domain/travel/types";
import { useLang } from "../../layout/session";

export function useFareLabels(): (f: Pick<ListFare, "cabinClass" | "discount" | "fareFamily">) => FareLabels {
  const t = useTranslate();
  const lang = useLang();
  return (f) => ({
    cabinClassName: t(`search.cabin.${f.cabinClass}`),
    // The discount is a percent of the full fare; the text reads permille.
    discountLabel: discountText(f.discount * 10, lang),
    tierName: t(`search.fareTier.${listFareTier(f)}`),
  });
}

/** A cabin with its booking class, as an order shows it: 经济舱V, Economy V. */
export function useCabinText(): (c: { cabinClass: ListFare["cabinClass"]; cabinCode: string }) => string {
  const t = useTranslate();
  return (c) => t("flightOrder.cabinWithCode", { cabin: t(`search.cabin.${c.cabinClass}`), code: c.cabinCode });
}
