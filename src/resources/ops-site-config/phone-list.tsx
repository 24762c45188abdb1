// A list of phone numbers edited in place: one input per number, remove beside each, add below.
import { useTranslate } from "@refinedev/core";
import { Button, Input, Space } from "antd";

export interface PhoneListProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  max: number;
  "aria-invalid"?: boolean;
}

export function PhoneList({ value = [], onChange, id, max, ...rest }: PhoneListProps) {
  const t = useTranslate();
  const set = (next: string[]) => onChange?.(next);
  return (
    <Space direction="vertical" size={4} id={id} aria-invalid={rest["aria-invalid"]}>
      {value.map((phone, i) => (
        <Space key={i} size={4}>
          <Input
            value={phone}
            maxLength={20}
            style={{ width: 180 }}
            aria-label={t("ops.siteConfig.phoneN", { n: i + 1 })}
            onChange={(e) => set(value.map((p, j) => (j === i ? e.target.value : p)))}
          />
          <Button size="small" onClick={() => set(value.filter((_, j) => j !== i))}>{t("ops.siteConfig.removePhone")}</Button>
        </Space>
      ))}
      {value.length < max ? (
        <Button size="small" type="dashed" onClick={() => set([...value, ""])}>{t("ops.siteConfig.addPhone")}</Button>
      ) : null}
    </Space>
  );
}
