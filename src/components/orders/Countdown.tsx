// Time left to pay an order, ticking each second; when it runs out the order is refreshed so
// the page shows the cancellation the server's expiry job makes.
import { useEffect, useState } from "react";
import { useTranslate } from "@refinedev/core";

/**
 * textKey: the sentence around the time left (paying by default; an order waiting for approval says
 * so); expiredKey: what shows once it ran out.
 */
export function Countdown({ until, onEnd, textKey = "flightOrder.detail.payWithin", expiredKey = "flightOrder.detail.expired" }: { until: string; onEnd: () => void; textKey?: string; expiredKey?: string }) {
  const t = useTranslate();
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  useEffect(() => {
    if (left > 0) return;
    // The job runs within seconds of the expiry: look again shortly after.
    const timer = setTimeout(onEnd, 3000);
    return () => clearTimeout(timer);
  }, [left > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  if (left === 0) return <span data-testid="countdown">{t(expiredKey)}</span>;
  const mm = String(Math.floor(left / 60)).padStart(2, "0");
  const ss = String(left % 60).padStart(2, "0");
  return <span data-testid="countdown">{t(textKey, { time: `${mm}:${ss}` })}</span>;
}
