// The 报销凭证 section, fetched with its texts only when an order's detail page shows it.
import { lazy, Suspense } from "react";
import { withTexts } from "../../providers/i18n-provider";

const Section = lazy(withTexts(() => import("./ReimbursementSection")));

export function LazyReimbursementSection({ orderId }: { orderId: number }) {
  return (
    <Suspense fallback={null}>
      <Section orderId={orderId} />
    </Suspense>
  );
}
