// 中转换乘 (/train/train_transfer): when no direct train suits, journeys of two trains through a
// third city, with the connection rules the server applies (15 minutes at one station, an hour
// when the change is to another station of the city, at most 6 hours' wait). Sorted on the
// server by total time, departure or lowest fare; an optional city narrows where to change.
import { Alert, Input, Segmented } from "antd";
import { Link, useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { readTrainSearch, type TrainSearch } from "../../domain/travel/search-query";
import type { TrainTransfer } from "../../domain/travel/types";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { EmptyResult, SearchStatus } from "../shared/SearchStatus";
import { chinaToday } from "../../components/search/today";
import { useSearch } from "../../components/search/useSearch";
import { useUrlState, type UrlPatch } from "../shared/useUrlState";
import { ProductGate } from "../shared/ProductGate";
import { useSwitches } from "../../components/orders/useSwitches";
import { NearbyDays } from "../shared/NearbyDays";
import { TrainSearchBar } from "./TrainSearchBar";
import { TransferCard } from "./TransferCard";
import { useTranslate } from "@refinedev/core";
import "../booking.css";

const ORDERS = ["duration", "depTime", "price"] as const;
type TransferOrder = (typeof ORDERS)[number];

export default function TrainTransferPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { values, update } = useUrlState();
  const switches = useSwitches();
  const parsed = readTrainSearch(values, chinaToday());
  const search = parsed.ok ? parsed.search : null;
  return (
    <WorkbenchFrame routeName={routeName}>
      <ProductGate on={switches.train}>
        <div className="tp-bk">
          {switches.searchForms.train && <TrainSearchBar key={search ? JSON.stringify(search) : "new"} initial={search ?? {}} onSearch={(p) => update({ ...p, via: values.via }, { replaceAll: true })} />}
          {search ? <Transfers search={search} values={values} update={update} /> : <EmptyResult text={parsed.ok ? "" : (parsed.problem ?? t("search.train.start"))} />}
        </div>
      </ProductGate>
    </WorkbenchFrame>
  );
}

function Transfers({ search, values, update }: { search: TrainSearch; values: Record<string, string | undefined>; update: (patch: UrlPatch, options?: { replace?: boolean }) => void }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const orderBy: TransferOrder = (ORDERS as readonly string[]).includes(values.sort ?? "") ? (values.sort as TransferOrder) : "duration";
  const via = values.via?.trim() || undefined;
  const { data, query } = useSearch<TrainTransfer[]>("/api/v1/train/train_transfer", { ...search, orderBy, orderType: "asc", ...(via ? { transferCity: via } : {}) });
  const direct = pathFor("train_query_list", undefined, { ...search });
  return (
    <div className="tp-bk-results">
      <div className="tp-bk-filters">
        <Input.Search
          allowClear
          defaultValue={via}
          placeholder={t("search.transfer.viaPlaceholder")}
          aria-label={t("search.transfer.via")}
          style={{ maxWidth: 260 }}
          onSearch={(v) => update({ via: v.trim() || undefined }, { replace: true })}
        />
        <Link to={direct}>{t("search.transfer.direct")}</Link>
      </div>
      <Alert type="info" showIcon message={t("search.transfer.note")} />
      <SearchStatus query={query}>
        {data && (
          <>
            <div className="tp-bk-sort">
              <Segmented<TransferOrder> value={orderBy} onChange={(sort) => update({ sort }, { replace: true })} options={ORDERS.map((o) => ({ value: o, label: t(`search.transfer.sort.${o}`) }))} />
              <span className="tp-bk-muted">{t("search.transfer.count", { n: data.length })}</span>
            </div>
            {data.length ? (
              data.map((plan) => (
                <TransferCard
                  key={plan.key}
                  plan={plan}
                  onBook={(train, seat) => navigate(pathFor("train_order_info", undefined, { fromStation: train.fromStation, toStation: train.toStation, depDate: train.depDate, trainKey: train.trainKey, trainNo: train.trainNo, seatClass: seat.seatClass }))}
                />
              ))
            ) : (
              <EmptyResult text={via ? t("search.transfer.noneVia", { city: via }) : t("search.transfer.none")}>
                <NearbyDays date={search.depDate} onPick={(depDate) => update({ depDate })} />
              </EmptyResult>
            )}
          </>
        )}
      </SearchStatus>
    </div>
  );
}
