// A date field whose value is the "YYYY-MM-DD" text the domain schemas take: the form holds the
// text, the DatePicker shows a Dayjs, and the conversion happens here and nowhere else.
import type { Ref } from "react";
import { DatePicker, type DatePickerProps, type GetProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The picker's day for a form value; null for empty or not-a-day text. */
export function dayOf(value: unknown): Dayjs | null {
  if (typeof value !== "string" || !YMD.test(value)) return null;
  const d = dayjs(value);
  return d.isValid() && d.format("YYYY-MM-DD") === value ? d : null;
}

/** The form value for a picked day; "" when cleared. */
export function ymdOf(day: Dayjs | null | undefined): string {
  return day && day.isValid() ? day.format("YYYY-MM-DD") : "";
}

export type DateInputProps = Omit<DatePickerProps, "value" | "onChange" | "picker"> & {
  value?: string | null;
  onChange?: (value: string) => void;
  ref?: Ref<never>;
};

export function DateInput({ value, onChange, ref, ...rest }: DateInputProps) {
  return <DatePicker {...rest} ref={ref} value={dayOf(value)} onChange={(d) => onChange?.(ymdOf(d as Dayjs | null))} />;
}

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

export type DateRangeInputProps = Omit<RangePickerProps, "value" | "onChange" | "picker"> & {
  value?: readonly [string, string] | null;
  onChange?: (value: [string, string]) => void;
  ref?: Ref<never>;
};

/** Two dates in one picker, held as a pair of "YYYY-MM-DD" texts ("" for a missing end). */
export function DateRangeInput({ value, onChange, ref, ...rest }: DateRangeInputProps) {
  const from = dayOf(value?.[0]);
  const to = dayOf(value?.[1]);
  return (
    <DatePicker.RangePicker
      {...rest}
      ref={ref}
      value={from || to ? [from, to] : null}
      onChange={(days) => onChange?.([ymdOf(days?.[0] ?? null), ymdOf(days?.[1] ?? null)])}
    />
  );
}
