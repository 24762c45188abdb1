// One hotel of the list: name, grade, score, district and address, facilities, the lowest
// average nightly price for the stay, and the way to its rooms.
import { Button, Tag } from "antd";
import { Link } from "react-router";
import type { HotelListItem } from "../../domain/travel/types";
import { Price } from "../shared/Price";
import { useTranslate } from "@refinedev/core";

/** Rooms left at or under this are called out. */
const FEW_ROOMS = 5;

export function HotelCard({ hotel: h, detailsHref }: { hotel: HotelListItem; detailsHref: string }) {
  const t = useTranslate();
  return (
    <article className="tp-bk-card tp-bk-hotel" data-hotel={h.hotelId}>
      <div className="tp-bk-hotel__info">
        <div className="tp-bk-hotel__name">
          <Link to={detailsHref}>{h.name}</Link>
        </div>
        <div className="tp-bk-hotel__meta">
          <Tag color="gold" bordered={false}>
            {h.starLabel}
          </Tag>
          <span className="tp-bk-score">{t("search.hotel.score", { score: h.score.toFixed(1) })}</span>
          <span>{h.brand}</span>
          <span>
            {h.district} · {h.address}
          </span>
        </div>
        <div className="tp-bk-tags">
          {h.facilities.slice(0, 6).map((f) => (
            <Tag key={f}>{f}</Tag>
          ))}
        </div>
      </div>
      <div className="tp-bk-hotel__side">
        {h.lowestPrice !== null ? (
          <>
            <Price fen={h.lowestPrice} from />
            <span className="tp-bk-muted">{t("search.hotel.perNight")}</span>
            {h.roomsLeft <= FEW_ROOMS && <span className="tp-bk-few">{t("search.hotel.roomsLeft", { n: h.roomsLeft })}</span>}
          </>
        ) : (
          <span className="tp-bk-muted">{t("search.hotel.fullyBooked")}</span>
        )}
        <Link to={detailsHref}>
          <Button type="primary" tabIndex={-1}>
            {t("search.hotel.details")}
          </Button>
        </Link>
      </div>
    </article>
  );
}
