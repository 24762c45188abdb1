// What a listed fare's popovers show, asked for when one is opened (the search reply carries
// only what the list shows): the 退改签 rule table with the baggage allowance, and the adult's
// price details. A spinner while it loads, the server's words with a retry when it fails.
import { Button, Spin } from "antd";
import { useTranslate } from "@refinedev/core";
import type { FareDetailReply } from "../../domain/travel/types";
import { useSearch } from "../../components/search/useSearch";
import { errorText } from "../shared/SearchStatus";
import { RuleLinesTable } from "./RuleLinesTable";
import { priceText } from "../../domain/money";

export const FARE_DETAIL_PATH = "/api/v1/trip_manager/air_ticket_domestic_flight/fare_detail";

function Loaded({ fareKey, children }: { fareKey: string; children: (d: FareDetailReply) => React.ReactNode }) {
  const t = useTranslate();
  // One request per fare, shared by its two popovers and kept a minute like the list it came from.
  const { data, query } = useSearch<FareDetailReply>(FARE_DETAIL_PATH, { fareKey });
  if (data) return <>{children(data)}</>;
  if (query.isError)
    return (
      <div className="tp-bk-fare-detail__error" role="alert">
        <p>{errorText(query.error, t("search.common.loadFailed"))}</p>
        <Button size="small" onClick={() => void query.refetch()}>
          {t("search.common.retry")}
        </Button>
      </div>
    );
  return (
    <div className="tp-bk-fare-detail__loading" aria-busy="true" data-testid="fare-detail-loading">
      <Spin size="small" />
    </div>
  );
}

export function FareRules({ fareKey }: { fareKey: string }) {
  return <Loaded fareKey={fareKey}>{(d) => <RuleLinesTable lines={d.rules} baggage={d.baggage} />}</Loaded>;
}

export function FareBreakdown({ fareKey }: { fareKey: string }) {
  const t = useTranslate();
  return (
    <Loaded fareKey={fareKey}>
      {(d) => {
        const adt = d.breakdown.ADT;
        return (
          <dl className="tp-bk-fees">
            <dt>{t("search.flight.ticket")}</dt>
            <dd>¥{priceText(adt.ticket)}</dd>
            <dt>{t("search.flight.airportTax")}</dt>
            <dd>¥{priceText(adt.airportTax)}</dd>
            <dt>{t("search.flight.fuelTax")}</dt>
            <dd>¥{priceText(adt.fuelTax)}</dd>
            <dt>{t("search.flight.serviceFee")}</dt>
            <dd>¥{priceText(adt.serviceFee)}</dd>
            <dt className="tp-bk-fees__total">{t("search.flight.total")}</dt>
            <dd className="tp-bk-fees__total">¥{priceText(adt.total)}</dd>
          </dl>
        );
      }}
    </Loaded>
  );
}
