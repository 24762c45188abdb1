// A birth date held as YYYY-MM-DD (what the order schema takes), picked with antd's DatePicker;
// nobody travelling can be born after the travel date.
import { DatePicker } from "antd";
import dayjs from "dayjs";
import type { Ref } from "react";

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  onBlur?: () => void;
  /** The travel date: the latest selectable birth date. */
  latest: string;
  "aria-invalid"?: boolean;
  ref?: Ref<unknown>;
}

export function BirthdayInput({ id, value, onChange, onBlur, latest, "aria-invalid": invalid }: Props) {
  const parsed = value ? dayjs(value, "YYYY-MM-DD", true) : null;
  return (
    <DatePicker
      id={id}
      style={{ width: "100%" }}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format("YYYY-MM-DD") : undefined)}
      onBlur={onBlur}
      status={invalid ? "error" : undefined}
      disabledDate={(d) => d.isAfter(dayjs(latest), "day") || d.year() < 1900}
    />
  );
}
