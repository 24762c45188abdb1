// The train search bar: departure and arrival stations with a swap, the date and 只看高铁动车.
import { useState } from "react";
import { Button } from "antd";
import { SwapOutlined } from "@ant-design/icons";
import { defaultTravelDate, readTrainSearch, type TrainSearch } from "../../domain/travel/search-query";
import { StationPicker } from "../shared/places";
import type { Place } from "../shared/PlacePicker";
import { DateField } from "../../components/search/DateField";
import { SearchBarForm, SearchProblem } from "../shared/SearchBarForm";
import { chinaToday } from "../../components/search/today";
import { useTranslate } from "@refinedev/core";

interface Props {
  initial: Partial<TrainSearch>;
  /** 只看高铁动车 filters the list shown at once (it lives in the address like the other filters); absent where there is no such filter. */
  highSpeedOnly?: boolean;
  onHighSpeedOnly?: (on: boolean) => void;
  onSearch: (params: Record<string, string>) => void;
}

const station = (name?: string): Place | null => (name ? { value: name, label: name } : null);

export function TrainSearchBar({ initial, highSpeedOnly, onHighSpeedOnly, onSearch }: Props) {
  const t = useTranslate();
  const today = chinaToday();
  const [from, setFrom] = useState(station(initial.fromStation));
  const [to, setTo] = useState(station(initial.toStation));
  const [depDate, setDepDate] = useState(initial.depDate ?? defaultTravelDate(today));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = readTrainSearch({ fromStation: from?.value, toStation: to?.value, depDate }, today);
    if (!parsed.ok) return setProblem(parsed.problem ?? t("search.train.start"));
    setProblem(null);
    onSearch({ ...parsed.search, ...(highSpeedOnly ? { gd: "1" } : {}) });
  };

  return (
    <SearchBarForm onSubmit={submit}>
      <div className="tp-bk-bar__row">
        <div className="tp-bk-field">
          <label>{t("search.train.from")}</label>
          <StationPicker className="tp-bk-field__input" value={from} onChange={setFrom} placeholder={t("search.train.placeholder")} label={t("search.train.from")} />
        </div>
        <Button
          className="tp-bk-swap"
          shape="circle"
          icon={<SwapOutlined />}
          aria-label={t("search.common.swap")}
          title={t("search.common.swap")}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        />
        <div className="tp-bk-field">
          <label>{t("search.train.to")}</label>
          <StationPicker className="tp-bk-field__input" value={to} onChange={setTo} placeholder={t("search.train.placeholder")} label={t("search.train.to")} />
        </div>
        <div className="tp-bk-field">
          <label>{t("search.train.depDate")}</label>
          <DateField className="tp-bk-field__input" value={depDate} onChange={setDepDate} label={t("search.train.depDate")} />
        </div>
        {onHighSpeedOnly && (
          <label className="tp-bk-choice tp-bk-nights">
            <input type="checkbox" checked={highSpeedOnly} onChange={(e) => onHighSpeedOnly(e.target.checked)} />
            {t("search.train.highSpeedOnly")}
          </label>
        )}
        <Button type="primary" size="large" className="tp-bk-bar__go" htmlType="submit">
          {t("search.common.search")}
        </Button>
      </div>
      <SearchProblem problem={problem} />
    </SearchBarForm>
  );
}
