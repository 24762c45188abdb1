// The rooms of a hotel for the stay: bed and size, breakfast, the cancellation rule, the nightly
// prices (average and total), rooms left, and 预订 carrying the room and dates to the order page.
import { Button, Popover, Tag } from "antd";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import type { HotelPriceInfo, RoomPrice } from "../../domain/travel/types";
import { Price } from "../shared/Price";
import { useTranslate } from "@refinedev/core";
import { priceText } from "../../domain/money";

const FEW_ROOMS = 5;

function Nightly({ room }: { room: RoomPrice }) {
  return (
    <dl className="tp-bk-fees">
      {room.nightly.map((n) => (
        <span key={n.date} style={{ display: "contents" }}>
          <dt>{n.date}</dt>
          <dd>¥{priceText(n.price)}</dd>
        </span>
      ))}
    </dl>
  );
}

/** canBook false: the partner site has switched hotel booking off; prices stay visible. */
export function RoomList({ info, canBook }: { info: HotelPriceInfo; canBook: boolean }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const book = (r: RoomPrice) =>
    navigate(pathFor("hotel_orderInfo", undefined, { hotelId: String(info.hotelId), roomTypeId: String(r.roomTypeId), checkIn: info.checkIn, checkOut: info.checkOut }));
  return (
    <div>
      {info.rooms.map((r) => (
        <div key={r.roomTypeId} className="tp-bk-room" data-room={r.name}>
          <div className="tp-bk-room__name">
            <strong>{r.name}</strong>
            <span className="tp-bk-muted">
              {r.bedType} · {t("search.hotel.area", { n: r.areaSqm })} · {t("search.hotel.maxGuests", { n: r.maxGuests })}
            </span>
          </div>
          <div>
            <Tag bordered={false} color={r.breakfast ? "green" : "default"}>
              {r.breakfastLabel}
            </Tag>
          </div>
          <div className={`tp-bk-muted tp-bk-cancel--${r.cancelPolicy}`}>{r.cancelText}</div>
          <div className="tp-bk-room__price">
            <Price fen={r.avgPrice} />
            <Popover title={t("search.hotel.nightly")} content={<Nightly room={r} />}>
              <span className="tp-bk-muted" tabIndex={0}>
                {t("search.hotel.totalFor", { n: info.nights, amount: priceText(r.total) })}
              </span>
            </Popover>
            {r.bookable && r.roomsLeft <= FEW_ROOMS && <span className="tp-bk-few">{t("search.hotel.roomsLeft", { n: r.roomsLeft })}</span>}
          </div>
          {canBook && (
            <Button type="primary" disabled={!r.bookable} onClick={() => book(r)} aria-label={`${t("search.common.book")} ${r.name}`}>
              {r.bookable ? t("search.common.book") : t("search.hotel.fullyBooked")}
            </Button>
          )}
        </div>
      ))}
    </div>
  );
}
