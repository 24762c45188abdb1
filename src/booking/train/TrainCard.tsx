// One train: number and type, departure and arrival stations and times, duration, and every seat
// class with its price, what is left (有 / a count / 无) and a 预订 button. A run stopped that day
// (停运) says so where its price and seats would be.
import { Button } from "antd";
import { cheapestTrainFare, durationText } from "../../domain/travel/results";
import { domainLang } from "../../providers/i18n-provider";
import type { TrainItem, TrainSeat } from "../../domain/travel/types";
import { Price } from "../shared/Price";
import { useTranslate } from "@refinedev/core";

/** The railway shows 有 for plenty; a count when few. Counts at or under this are highlighted. */
const FEW = 10;

function leftText(train: TrainItem, seat: TrainSeat, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (train.stopped) return t("search.train.stopped");
  if (seat.left <= 0) return t("search.train.leftNone");
  return /^\d+$/.test(seat.availability) ? t("search.train.leftSome", { n: seat.availability }) : seat.availability;
}

export function TrainCard({ train: x, onBook }: { train: TrainItem; onBook: (train: TrainItem, seat: TrainSeat) => void }) {
  const t = useTranslate();
  return (
    <article className="tp-bk-card tp-bk-train" data-train={x.trainNo}>
      <div className="tp-bk-train__row">
        <div className="tp-bk-train__no">
          <strong>{x.trainNo}</strong>
          <span className="tp-bk-muted">
            {x.trainTypeName} · {x.startStation}—{x.endStation}
          </span>
        </div>
        <div className="tp-bk-flight__end">
          <span className="tp-bk-time">{x.depTime}</span>
          <span className="tp-bk-muted">{x.fromStation}</span>
        </div>
        <div className="tp-bk-flight__mid">
          <span className="tp-bk-muted">{durationText(x.durationMin, domainLang())}</span>
          <span className="tp-bk-line" />
          <span className="tp-bk-muted">{x.distanceKm} km</span>
        </div>
        <div className="tp-bk-flight__end">
          <span className="tp-bk-time">
            {x.arrTime}
            {x.arrDayOffset > 0 && <sup className="tp-bk-plus">+{x.arrDayOffset}{t("search.common.day")}</sup>}
          </span>
          <span className="tp-bk-muted">{x.toStation}</span>
        </div>
        <div className="tp-bk-flight__price">
          {x.stopped ? <span className="tp-bk-stopped" data-testid="train-stopped">{t("search.train.stopped")}</span> : <Price fen={cheapestTrainFare(x)} from />}
        </div>
      </div>
      <div className="tp-bk-seats">
        {x.seats.map((s) => (
          <div key={s.seatClass} className="tp-bk-seat" data-seat={s.seatName}>
            <div className="tp-bk-seat__info">
              <span>{s.seatName}</span>
              <Price fen={s.price} />
              <span className={`tp-bk-seat__left${s.left <= 0 ? " is-none" : s.left <= FEW ? " is-few" : ""}`}>{leftText(x, s, t)}</span>
            </div>
            <Button type="primary" size="small" disabled={s.left <= 0} onClick={() => onBook(x, s)} aria-label={`${t("search.common.book")} ${x.trainNo} ${s.seatName}`}>
              {t("search.common.book")}
            </Button>
          </div>
        ))}
      </div>
    </article>
  );
}
