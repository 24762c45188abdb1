// 常用乘客 on the order page: the member's saved travellers to pick from instead of typing, and
// for a company member allowed to see them, the company's 外部出行人 (people outside the company
// it books for). The lists show them masked; the one picked is read whole (its certificate
// number) from the same resource, and becomes a passenger row: name, the first certificate (an
// ID card first), the birth date when the certificate does not carry it, and the mobile.
import { useState } from "react";
import { App, Select } from "antd";
import { useCan, useDataProvider, useList, type HttpError, useTranslate } from "@refinedev/core";
import { CERT_TYPE } from "../../domain/codes";
import { travellerDisplayName, type TravellerRow } from "../../domain/people/traveller";
import type { PassengerValues } from "./order-form";
import { usePortalUser } from "../../layout/session";
import { userKeyOf } from "../../providers/access-control";

export function toPassenger(t: TravellerRow): PassengerValues {
  const cert = t.certificates.find((c) => c.certType === CERT_TYPE.idCard) ?? t.certificates[0];
  const certType = cert?.certType ?? CERT_TYPE.idCard;
  return {
    name: travellerDisplayName(t),
    certType,
    certNo: cert?.certNo ?? "",
    birthday: certType !== CERT_TYPE.idCard ? (t.birthday ?? undefined) : undefined,
    mobile: t.mobilePhone ?? "",
    insuType: undefined,
  };
}

type Source = "passengers" | "externalPassengers";

/** map: how a saved traveller becomes a row of the form (the domestic row by default; the international form picks a passport first). */
export function SavedPassengers<T = PassengerValues>({ onPick, full, map }: { onPick: (p: T) => void; full: boolean; map?: (t: TravellerRow) => T }) {
  // The external travellers' page decides who may read them, here as there.
  const user = userKeyOf(usePortalUser()) ?? "guest";
  const external = useCan({ resource: "external_passengers", action: "view", params: { user } });
  return (
    <div className="tp-saved-passengers">
      <TravellerSelect<T> source="passengers" onPick={onPick} full={full} map={map} />
      {external.data?.can ? <TravellerSelect<T> source="externalPassengers" onPick={onPick} full={full} map={map} /> : null}
    </div>
  );
}

function TravellerSelect<T>({ source, onPick, full, map }: { source: Source; onPick: (p: T) => void; full: boolean; map?: (t: TravellerRow) => T }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const dataProvider = useDataProvider();
  const [reading, setReading] = useState(false);
  const { result, query } = useList<TravellerRow, HttpError>({ resource: source, pagination: { currentPage: 1, pageSize: 50 }, errorNotification: false });
  const list = result.data ?? [];
  // Nothing saved (or the list could not load): typing the passengers in is the way.
  if (!query.isLoading && list.length === 0) return null;
  const label = t(source === "passengers" ? "flightOrder.savedPassengers" : "flightOrder.externalTravellers");
  const pick = async (id: number) => {
    setReading(true);
    try {
      const { data } = await dataProvider().getOne<TravellerRow>({ resource: source, id });
      onPick(map ? map(data) : (toPassenger(data) as T));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setReading(false);
    }
  };
  return (
    <Select<number>
        aria-label={label}
        placeholder={label}
        loading={query.isLoading || reading}
        disabled={full}
        value={null as unknown as number}
        showSearch
        optionFilterProp="label"
        style={{ width: 320 }}
        onChange={(id) => void pick(id)}
        options={list.map((p) => ({ value: p.id, label: `${travellerDisplayName(p)}${p.certificates[0] ? ` · ${p.certificates[0].certNo}` : ""}` }))}
      />
  );
}
