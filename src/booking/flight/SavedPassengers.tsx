// 常用乘客 on the order page: the member's saved travellers to pick from instead of typing. The
// list shows them masked; the one picked is read whole (its certificate number) from the same
// resource, and becomes a passenger row: name, the first certificate (an ID card first), the
// birth date when the certificate does not carry it, and the mobile.
import { useState } from "react";
import { App, Select } from "antd";
import { useDataProvider, useList, type HttpError, useTranslate } from "@refinedev/core";
import { CERT_TYPE } from "../../domain/codes";
import { travellerDisplayName, type TravellerRow } from "../../domain/people/traveller";
import type { PassengerValues } from "./order-form";

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

/** map: how a saved traveller becomes a row of the form (the domestic row by default; the international form picks a passport first). */
export function SavedPassengers<T = PassengerValues>({ onPick, full, map }: { onPick: (p: T) => void; full: boolean; map?: (t: TravellerRow) => T }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const dataProvider = useDataProvider();
  const [reading, setReading] = useState(false);
  const { result, query } = useList<TravellerRow, HttpError>({ resource: "passengers", pagination: { currentPage: 1, pageSize: 50 }, errorNotification: false });
  const list = result.data ?? [];
  // Nothing saved (or the list could not load): typing the passengers in is the way.
  if (!query.isLoading && list.length === 0) return null;
  const pick = async (id: number) => {
    setReading(true);
    try {
      const { data } = await dataProvider().getOne<TravellerRow>({ resource: "passengers", id });
      onPick(map ? map(data) : (toPassenger(data) as T));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setReading(false);
    }
  };
  return (
    <div className="tp-saved-passengers">
      <Select<number>
        aria-label={t("flightOrder.savedPassengers")}
        placeholder={t("flightOrder.savedPassengers")}
        loading={query.isLoading || reading}
        disabled={full}
        value={null as unknown as number}
        showSearch
        optionFilterProp="label"
        style={{ width: 320 }}
        onChange={(id) => void pick(id)}
        options={list.map((p) => ({ value: p.id, label: `${travellerDisplayName(p)}${p.certificates[0] ? ` · ${p.certificates[0].certNo}` : ""}` }))}
      />
    </div>
  );
}
