// Under an empty result: the day before and the day after, when they can still be searched.
import { Button, Space } from "antd";
import { addDays, travelDateProblem } from "../../domain/travel/dates";
import { chinaToday } from "../../components/search/today";
import { useTranslate } from "@refinedev/core";

export function NearbyDays({ date, onPick }: { date: string; onPick: (date: string) => void }) {
  const t = useTranslate();
  const today = chinaToday();
  const days = [addDays(date, -1), addDays(date, 1)].filter((d) => travelDateProblem(d, today) === null);
  return (
    <Space>
      {days.map((d) => (
        <Button key={d} onClick={() => onPick(d)}>
          {t("search.common.tryDate", { date: d })}
        </Button>
      ))}
    </Space>
  );
}
