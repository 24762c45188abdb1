// The 航变 parts other pages place: the order detail's section (it comes with the detail pages,
// which are loaded lazily) and the order centre's tag.
import { Tag } from "antd";
import { useTranslate } from "@refinedev/core";
import type { DisruptionChoice } from "../../domain/disruptions";

export { default as OrderDisruption } from "./DisruptionSection";

/** The order centre's 航变 flag: orange while the traveller has not chosen, grey once they have. */
export function DisruptionTag({ status }: { status: DisruptionChoice | null | undefined }) {
  const t = useTranslate();
  if (!status) return null;
  return (
    <Tag color={status === "pending" ? "orange" : "default"} data-testid="order-disruption-tag">
      {status === "pending" ? t("disruption.tag") : t(`disruption.choice.${status}`)}
    </Tag>
  );
}
