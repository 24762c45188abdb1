// Adding or editing an external traveller in a drawer over the list; the edit form loads the
// full numbers through the resource's detail call.
import { useOne, type HttpError, useTranslate } from "@refinedev/core";
import { Button, Drawer, Form, Result, Skeleton, Space } from "antd";
import { travellerFormSchema, type TravellerRow } from "../../domain/people";
import { FormMessage } from "../../components/FormField";
import { TravellerFields } from "../passengers/form";
import { useTravellerSave } from "../passengers/useTravellerSave";
import { EMPTY_TRAVELLER, travellerValues, type TravellerValues } from "../passengers/values";

const RESOURCE = "externalPassengers";

/** `id`: null when closed, 0 to add, else the traveller to edit. */
export function ExternalTravellerDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={880}
      destroyOnHidden
      title={t(id ? "externalPassengers.editTitle" : "externalPassengers.addTitle")}
    >
      {id !== null && <ExternalTravellerForm key={id} id={id || undefined} onDone={onClose} />}
    </Drawer>
  );
}

function ExternalTravellerForm({ id, onDone }: { id?: number; onDone: () => void }) {
  const t = useTranslate();
  const { result, query } = useOne<TravellerRow, HttpError>({ resource: RESOURCE, id, queryOptions: { enabled: id !== undefined } });

  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (id !== undefined && query.error) {
    return (
      <Result
        status="error"
        title={t("passengers.loadError")}
        subTitle={query.error.message}
        extra={<Button type="primary" onClick={() => query.refetch()}>{t("passengers.retry")}</Button>}
      />
    );
  }
  return <ExternalTravellerFields id={id} initial={result ? travellerValues(result) : EMPTY_TRAVELLER} onDone={onDone} />;
}

function ExternalTravellerFields({ id, initial, onDone }: { id?: number; initial: TravellerValues; onDone: () => void }) {
  const t = useTranslate();
  const form = useTravellerSave({ resource: RESOURCE, id, schema: travellerFormSchema, initial, withDefault: false, onSaved: onDone });
  return (
    <Form layout="vertical" onFinish={form.submit} aria-label={t("passengers.formLabel")} requiredMark={false}>
      <TravellerFields form={form} withDefault={false} />
      <FormMessage refusal={form.refusal} />
      <Space style={{ marginTop: 20 }}>
        <Button type="primary" htmlType="submit" loading={form.saving}>{t("passengers.save")}</Button>
        <Button onClick={onDone}>{t("passengers.cancel")}</Button>
      </Space>
    </Form>
  );
}
