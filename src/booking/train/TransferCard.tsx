// One transfer plan: the first train, where and how long the change is (a change of station
// within the city says so), the second train, with the whole journey's time and its lowest
// fare. Each leg is its own ticket: its seats book as on the direct list.
import { Tag } from "antd";
import { SwapOutlined } from "@ant-design/icons";
import { durationText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import type { TrainItem, TrainSeat, TrainTransfer } from "../../domain/travel/types";
import { Price } from "../shared/Price";
import { TrainCard } from "./TrainCard";
import { useTranslate } from "@refinedev/core";

interface Props {
  plan: TrainTransfer;
  onBook: (train: TrainItem, seat: TrainSeat) => void;
}

export function TransferCard({ plan, onBook }: Props) {
  const t = useTranslate();
  const c = plan.connection;
  return (
    <section className="tp-bk-card tp-bk-transfer" data-transfer={`${plan.first.trainNo}-${plan.second.trainNo}`} aria-label={t("search.transfer.plan", { first: plan.first.trainNo, second: plan.second.trainNo })}>
      <header className="tp-bk-transfer__head">
        <span>
          <strong>{plan.first.trainNo}</strong> → <strong>{plan.second.trainNo}</strong>
          <span className="tp-bk-muted">　{t("search.transfer.total", { time: durationText(plan.totalDurationMin, domainLang()) })}</span>
        </span>
        {plan.lowestPrice !== null && <Price fen={plan.lowestPrice} from />}
      </header>
      <TrainCard train={plan.first} onBook={onBook} />
      <div className="tp-bk-transfer__link" data-testid="connection">
        <SwapOutlined />
        {c.changePlace ? (
          <span>{t("search.transfer.changeStation", { city: c.cityName, from: plan.first.toStation, to: plan.second.fromStation, wait: durationText(c.minutes, domainLang()) })}</span>
        ) : (
          <span>{t("search.transfer.sameStation", { station: c.placeName, wait: durationText(c.minutes, domainLang()) })}</span>
        )}
        {c.changePlace && <Tag color="orange">{t("search.transfer.changeTag")}</Tag>}
      </div>
      <TrainCard train={plan.second} onBook={onBook} />
    </section>
  );
}
