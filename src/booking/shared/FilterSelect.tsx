// One filter of a result list: a multi-select whose choices come from the loaded list.
import { Select } from "antd";

interface Props {
  label: string;
  value: string[];
  options: { value: string; label: string }[];
  onChange: (value: string[]) => void;
  single?: boolean;
}

export function FilterSelect({ label, value, options, onChange, single }: Props) {
  return (
    <Select
      className="tp-bk-filter"
      mode={single ? undefined : "multiple"}
      allowClear
      maxTagCount="responsive"
      placeholder={label}
      aria-label={label}
      value={single ? (value[0] ?? undefined) : value}
      options={options}
      onChange={(v: string | string[] | undefined) => onChange(v === undefined ? [] : Array.isArray(v) ? v : [v])}
      popupMatchSelectWidth={false}
    />
  );
}
