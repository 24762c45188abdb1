// The landing page's search card: one tab per product the brand and partner site offer a search
// form for, each the same search bar as the product's own page; searching opens that page with
// the search in its address. Part of the landing page's first download, so a visitor can type at
// once: the bars are plain inputs and the place suggestions come from the server as one types;
// only a date field's calendar is fetched, on its first touch.
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { FlightSearchBar } from "../../booking/flight/FlightSearchBar";
import { HotelSearchBar } from "../../booking/hotel/HotelSearchBar";
import { TrainSearchBar } from "../../booking/train/TrainSearchBar";
import { useSwitches } from "../../components/orders/useSwitches";
import { useTranslate } from "@refinedev/core";
import "../../booking/booking.css";

export function SearchBox() {
  const t = useTranslate();
  const id = useId();
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
  const [chosen, setChosen] = useState<string | null>(null);
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  if (tabs.length === 0) return null;
  const active = tabs.find((tab) => tab.key === chosen)?.key ?? tabs[0].key;
  if (!visited.has(active)) setVisited(new Set([...visited, active]));
  const move = (step: number) => {
    const next = tabs[(tabs.findIndex((tab) => tab.key === active) + step + tabs.length) % tabs.length].key;
    setChosen(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <section className="tp-search-box" aria-label={t("index.search.title")}>
      <div className="tp-search-box__tabs" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            className="tp-search-box__tab"
            onClick={() => setChosen(tab.key)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                e.preventDefault();
                move(e.key === "ArrowRight" ? 1 : -1);
              }
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {/* A bar is made when its tab is first shown and then kept, so what was typed in one
          survives a look at another tab. */}
      {tabs.map((tab) => (
        <div key={tab.key} id={`${id}-${tab.key}`} role="tabpanel" aria-labelledby={`${id}-${tab.key}-tab`} hidden={tab.key !== active}>
          {(tab.key === active || visited.has(tab.key)) && tab.children}
        </div>
      ))}
    </section>
  );
}
