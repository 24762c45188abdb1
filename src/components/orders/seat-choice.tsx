// 在线选座 in the browser: the choices a passenger is offered for the order's seat class, their
// labels (berths in the page's language), and what an order's detail says of a passenger's choice.
import { Select } from "antd";
import { useTranslate } from "@refinedev/core";
import { seatChoicesOf } from "../../domain/travel/train-seats";

const BERTH_KEYS: Record<string, string> = { 上铺: "trainOrder.berthUpper", 中铺: "trainOrder.berthMiddle", 下铺: "trainOrder.berthLower" };

export function useSeatChoiceLabel() {
  const t = useTranslate();
  return (choice: string) => (BERTH_KEYS[choice] ? t(BERTH_KEYS[choice]) : choice);
}

/** The choice list for one passenger; cleared means any seat. */
export function SeatChoiceSelect({ seatClass, value, onChange, ...rest }: { seatClass: string; value?: string; onChange?: (v: string | undefined) => void; "aria-label"?: string; id?: string }) {
  const t = useTranslate();
  const label = useSeatChoiceLabel();
  return (
    <Select
      {...rest}
      allowClear
      placeholder={t("trainOrder.seatChoiceAny")}
      value={value || undefined}
      onChange={(v?: string) => onChange?.(v || undefined)}
      options={seatChoicesOf(seatClass).map((c) => ({ value: c, label: label(c) }))}
    />
  );
}

/** What the order detail says of a passenger's choice: held, not held, or waiting for the ticket. */
export function SeatChoiceText({ choice, held }: { choice: string | null; held: boolean | null }) {
  const t = useTranslate();
  const label = useSeatChoiceLabel();
  if (!choice) return <>—</>;
  if (held === true) return <>{t("trainOrder.seatChoiceHeld", { seat: label(choice) })}</>;
  if (held === false) return <>{t("trainOrder.seatChoiceMissed")}</>;
  return <>{t("trainOrder.seatChoicePending", { seat: label(choice) })}</>;
}
