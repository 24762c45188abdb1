// The 航变 parts other pages place: the order detail's section (loaded lazily, with its dialogs,
// only on the detail pages that show it) and the order centre's tag.
import { lazy, Suspense } from "react";
import { Tag } from "antd";
import { useTranslate } from "@refinedev/core";
import type { DisruptionChoice } from "../../domain/disruptions";
import type { DisruptionOrder } from "./DisruptionSection";

const Section = lazy(() => import("./DisruptionSection"));

/** The order's disruptions and the traveller's choice, on a flight or train order's detail page. */
export function OrderDisruption(props: { order: DisruptionOrder; product: "air" | "train"; onChanged: () => void }) {
  return (
    <Suspense fallback={null}>
      <Section {...props} />
    </Suspense>
  );
}

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
