// 酒店详情 (/hotel/details?hotelId&checkIn&checkOut): the hotel's facts from baseinfo and its
// rooms with nightly prices for the stay from priceinfo_credit; the dates can change here.
import { Button, Descriptions, Tag } from "antd";
import { Link } from "react-router";
import { pathFor } from "../../access/routes";
import { addDays, daysBetween } from "../../domain/travel/dates";
import { defaultTravelDate, readStay } from "../../domain/travel/search-query";
import type { HotelBaseInfo, HotelPriceInfo } from "../../domain/travel/types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { DateField } from "../../components/search/DateField";
import { EmptyResult, ListSkeleton, SearchStatus } from "../shared/SearchStatus";
import { chinaToday } from "../../components/search/today";
import { useSearch } from "../../components/search/useSearch";
import { useUrlState } from "../shared/useUrlState";
import { RoomList } from "./RoomList";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../../components/orders/useSwitches";
import { useTranslate } from "@refinedev/core";
import "../booking.css";

function Facts({ h }: { h: HotelBaseInfo }) {
  const t = useTranslate();
  return (
    <section className="tp-bk-card">
      <div className="tp-bk-detail__head">
        <div>
          <h2>{h.name}</h2>
          <div className="tp-bk-hotel__meta">
            <Tag color="gold" bordered={false}>
              {h.starLabel}
            </Tag>
            <span className="tp-bk-score">{t("search.hotel.score", { score: h.score.toFixed(1) })}</span>
            <span>{h.brand}</span>
            <span>{t("search.hotel.openYear", { year: h.openYear })}</span>
            <span>{t("search.hotel.renovationYear", { year: h.renovationYear })}</span>
          </div>
        </div>
      </div>
      <Descriptions column={2} size="small" style={{ marginTop: 12 }}>
        <Descriptions.Item label={t("search.hotel.address")}>
          {h.address}{t("common.parenthesized", { text: `${h.district} · ${h.landmark}` })}
        </Descriptions.Item>
        <Descriptions.Item label={t("search.hotel.phone")}>{h.phone}</Descriptions.Item>
        <Descriptions.Item label={t("search.hotel.facilities")} span={2}>
          <span className="tp-bk-tags">
            {h.facilities.map((f) => (
              <Tag key={f}>{f}</Tag>
            ))}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t("search.hotel.policies")} span={2}>
          {h.policies.join("；")}
        </Descriptions.Item>
      </Descriptions>
      <p className="tp-bk-detail__desc">{h.description}</p>
    </section>
  );
}

export default function HotelDetails({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { values, update } = useUrlState();
  const switches = useSwitches();
  const today = chinaToday();
  const hotelId = /^\d{1,10}$/.test(values.hotelId ?? "") ? values.hotelId! : null;
  // A link without dates (or with old ones) shows tomorrow for one night rather than nothing.
  const parsed = readStay(values, today);
  const stay = parsed.ok ? parsed.search : { checkIn: defaultTravelDate(today), checkOut: addDays(defaultTravelDate(today), 1) };
  const base = useSearch<HotelBaseInfo>("/hotel/search/baseinfo", hotelId ? { hotelId } : null);
  const prices = useSearch<HotelPriceInfo>("/hotel/search/priceinfo_credit", hotelId ? { hotelId, ...stay } : null);
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  const listHref = values.cityCode ? pathFor("hotel_list", undefined, { cityCode: values.cityCode, cityName: values.cityName, ...stay }) : pathFor("hotel_index");
  return (
    <WorkbenchFrame
      routeName={routeName}
      extra={
        <Link to={listHref}>
          <Button>{t("search.hotel.backToList")}</Button>
        </Link>
      }
    >
      <ProductGate on={switches.hotel}>
        <div className="tp-bk">
          {!hotelId ? (
            <EmptyResult text={t("search.hotel.detailMissing")} />
          ) : (
            <>
              <SearchStatus query={base.query} skeleton={<ListSkeleton rows={1} />}>
                {base.data && <Facts h={base.data} />}
              </SearchStatus>
              <section className="tp-bk-card">
                <div className="tp-bk-bar__row" style={{ marginBottom: 8 }}>
                  <h3 style={{ margin: 0, flex: "1 1 auto", alignSelf: "center" }}>{t("search.hotel.rooms")}</h3>
                  <div className="tp-bk-field">
                    <label>{t("search.hotel.checkIn")}</label>
                    <DateField
                      value={stay.checkIn}
                      label={t("search.hotel.checkIn")}
                      onChange={(d) => update({ checkIn: d, checkOut: daysBetween(d, stay.checkOut) >= 1 ? stay.checkOut : addDays(d, 1) }, { replace: true })}
                    />
                  </div>
                  <span className="tp-bk-nights">{t("search.hotel.nights", { n: nights })}</span>
                  <div className="tp-bk-field">
                    <label>{t("search.hotel.checkOut")}</label>
                    <DateField value={stay.checkOut} min={addDays(stay.checkIn, 1)} label={t("search.hotel.checkOut")} onChange={(d) => update({ ...stay, checkOut: d }, { replace: true })} />
                  </div>
                </div>
                <SearchStatus query={prices.query} skeleton={<ListSkeleton rows={3} />}>
                  {prices.data && (prices.data.rooms.some((r) => r.bookable) ? <RoomList info={prices.data} canBook={switches.hotelBooking} /> : <EmptyResult text={t("search.hotel.noRooms")} />)}
                </SearchStatus>
              </section>
            </>
          )}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}
