// The sort choice above a result list, with the count of what the filters leave.
import { Segmented } from "antd";
import { useTranslate } from "@refinedev/core";

export type SortChoice = "depTime" | "depTimeDesc" | "price" | "duration";
export const SORT_CHOICES: readonly SortChoice[] = ["depTime", "depTimeDesc", "price", "duration"];

export function sortOrderOf(choice: string | undefined): { key: "depTime" | "price" | "duration"; desc: boolean } {
  if (choice === "price" || choice === "duration") return { key: choice, desc: false };
  return { key: "depTime", desc: choice === "depTimeDesc" };
}

export function SortBar({ value, onChange, count, labels = "search.sort" }: { value: string | undefined; onChange: (v: SortChoice) => void; count: string; labels?: string }) {
  const t = useTranslate();
  return (
    <div className="tp-bk-sort">
      <Segmented<SortChoice>
        value={(SORT_CHOICES as readonly string[]).includes(value ?? "") ? (value as SortChoice) : "depTime"}
        onChange={onChange}
        options={SORT_CHOICES.map((c) => ({ value: c, label: t(`${labels}.${c}`) }))}
      />
      <span className="tp-bk-muted">{count}</span>
    </div>
  );
}
