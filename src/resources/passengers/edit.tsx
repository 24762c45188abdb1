// edit_passengers (/myCenter/edit_passengers): adds a frequent traveller, or edits the one named
// by ?id= with its full numbers (only the owner's detail call answers them).
import { useNavigate, useSearchParams } from "react-router";
import { useOne, type HttpError, useTranslate } from "@refinedev/core";
import { Button, Form, Result, Skeleton, Space } from "antd";
import { passengerFormSchema, type TravellerRow } from "../../domain/people";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { FormMessage } from "../../components/FormField";
import { TravellerFields } from "./form";
import { useTravellerSave } from "./useTravellerSave";
import { EMPTY_TRAVELLER, travellerValues, type TravellerValues } from "./values";

export default function EditPassengerPage() {
  const t = useTranslate();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  return (
    <WorkbenchFrame routeName="edit_passengers" title={t(id ? "passengers.editTitle" : "passengers.addTitle")}>
      <EditPassenger key={id ?? "new"} id={id} badId={raw !== null && id === undefined} />
    </WorkbenchFrame>
  );
}

function EditPassenger({ id, badId }: { id?: number; badId: boolean }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { result, query } = useOne<TravellerRow, HttpError>({ resource: "passengers", id, queryOptions: { enabled: id !== undefined } });
  const back = () => navigate(pathFor("Passengers"));

  if (badId) return <Result status="404" title={t("passengers.notFound")} extra={<Button onClick={back}>{t("passengers.backToList")}</Button>} />;
  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <div className="tp-frame__card"><Skeleton active paragraph={{ rows: 10 }} /></div>;
  if (id !== undefined && query.error) {
    return (
      <div className="tp-frame__card">
        <Result
          status={query.error.statusCode === 404 ? "404" : query.error.statusCode === 403 ? "403" : "error"}
          title={query.error.statusCode === 404 || query.error.statusCode === 403 ? query.error.message : t("passengers.loadError")}
          subTitle={query.error.statusCode === 404 || query.error.statusCode === 403 ? undefined : query.error.message}
          extra={
            <Space>
              {query.error.statusCode !== 404 && query.error.statusCode !== 403 && <Button type="primary" onClick={() => query.refetch()}>{t("passengers.retry")}</Button>}
              <Button onClick={back}>{t("passengers.backToList")}</Button>
            </Space>
          }
        />
      </div>
    );
  }

  return <PassengerForm id={id} initial={result ? travellerValues(result) : EMPTY_TRAVELLER} onBack={back} />;
}

function PassengerForm({ id, initial, onBack }: { id?: number; initial: TravellerValues; onBack: () => void }) {
  const t = useTranslate();
  const form = useTravellerSave({ resource: "passengers", id, schema: passengerFormSchema, initial, withDefault: true, onSaved: onBack });
  return (
    <div className="tp-frame__card">
      <Form layout="vertical" onFinish={form.submit} aria-label={t("passengers.formLabel")} requiredMark={false}>
        <TravellerFields form={form} withDefault />
        <FormMessage refusal={form.refusal} />
        <Space style={{ marginTop: 20 }}>
          <Button type="primary" htmlType="submit" loading={form.saving}>{t("passengers.save")}</Button>
          <Button onClick={onBack}>{t("passengers.cancel")}</Button>
        </Space>
      </Form>
    </div>
  );
}
