// The landing page's search card: one tab per product the brand and partner site offer a search
// form for, each the same search bar as the product's own page; searching opens that page with
// the search in its address. Loaded lazily: the pickers and date fields stay out of the landing
// page's first download.
import { useState } from "react";
import { Tabs } from "antd";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { FlightSearchBar } from "../../booking/flight/FlightSearchBar";
import { HotelSearchBar } from "../../booking/hotel/HotelSearchBar";
import { TrainSearchBar } from "../../booking/train/TrainSearchBar";
import { useSwitches } from "../../booking/shared/useSwitches";
import { useTranslate } from "@refinedev/core";
import "../../booking/booking.css";

export default function SearchBox() {
  const t = useTranslate();
  const navigate = useNavigate();
  const forms = useSwitches().searchForms;
  const [highSpeedOnly, setHighSpeedOnly] = useState(false);
  const go = (route: string) => (params: Record<string, string>) => navigate(pathFor(route, undefined, params));
  const tabs = [
    forms.air && { key: "air", label: t("index.search.air"), children: <FlightSearchBar initial={{}} onSearch={go("DomesticAirTicketQuery")} /> },
    forms.train && {
      key: "train",
      label: t("index.search.train"),
      children: <TrainSearchBar initial={{}} highSpeedOnly={highSpeedOnly} onHighSpeedOnly={setHighSpeedOnly} onSearch={go("train_query_list")} />,
    },
    forms.hotel && { key: "hotel", label: t("index.search.hotel"), children: <HotelSearchBar initial={{}} onSearch={go("hotel_list")} /> },
  ].filter((x) => !!x);
  if (tabs.length === 0) return null;
  return (
    <section className="tp-search-box" aria-label={t("index.search.title")}>
      <Tabs items={tabs} />
    </section>
  );
}
