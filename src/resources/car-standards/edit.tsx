// usecar_install_info (/useCarManager/usecar_install_info, ?id=… to edit, 70): a car-use standard —
// its name, the trip levels it applies to, car types, cities (all, or picked from the city list),
// time windows and per-ride and monthly caps — checked with the server's own schema.
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Space } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useSelect, useTranslate } from "@refinedev/core";
import { useFieldArray } from "react-hook-form";
import { useLocation } from "react-router";
import { CAR_TYPES, carStandardFormSchema } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { FormField } from "../../components/FormField";
import { NEW_CAR_STANDARD, carFieldOf, carFields, toCarInput, toCarValues, type CarFormValues } from "./car-form";
import type { CarStandardRow, CityOption } from "./index";
import { useResourceForm } from "../useResourceForm";
import { LoadError } from "../LoadError";
import { useCodes } from "../../components/use-codes";

const MAX_WINDOWS = 6;

export default function CarStandardEditPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const id = queryOf(useLocation().search).id;
  return (
    <WorkbenchFrame routeName={routeName} title={id === undefined ? t("travel.cars.add") : undefined}>
      {id === undefined || /^\d+$/.test(id) ? <CarForm id={id === undefined ? undefined : Number(id)} /> : <Result status="404" title={t("travel.cars.notFound")} />}
    </WorkbenchFrame>
  );
}

/** The car standard form: Refine loads the standard (with ?id=), and creates or updates it through the resource. */
export function CarForm({ id }: { id?: number }) {
  const t = useTranslate();
  const { codeOptions } = useCodes();
  const { message } = App.useApp();
  const levels = useSelect<{ id: number; name: string }>({ resource: "trip-levels", optionLabel: "name", optionValue: "id", pagination: { mode: "off" }, errorNotification: false });
  // The city list does not change while the page is open.
  const cities = useSelect<CityOption & { id?: string }>({ resource: "car-cities", optionLabel: "name", optionValue: "code", pagination: { mode: "off" }, errorNotification: false, queryOptions: { staleTime: Infinity } });
  const cityRows = (cities.query.data?.data ?? []) as CityOption[];
  // The schema checks the save input made from the values (yuan as fen, cities with their
  // names); its paths land on the form's fields.
  const { control, watch, submit, saving, loading, loadError, reload, refusal } = useResourceForm<CarFormValues, CarStandardRow>({
    resource: "car-standards",
    id,
    schema: () => carStandardFormSchema,
    defaultValues: NEW_CAR_STANDARD,
    toValues: toCarValues,
    input: (v, saved) => toCarInput(undefined, v, cityRows, saved?.cities),
    fieldOf: carFieldOf,
    fields: carFields,
    onSaved: () => message.success(t("travel.cars.saved")),
  });
  const windows = useFieldArray({ control, name: "timeWindows" });
  const all = watch("allCities");

  if (loading || levels.query.isLoading || cities.query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (loadError) return <LoadError error={loadError} onRetry={reload} />;
  const listError = levels.query.error ?? cities.query.error;

  return (
    <Form
      layout="vertical"
      onFinish={submit}
      aria-label={t("travel.cars.formTitle")}
    >
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        {listError && <Alert type="warning" showIcon message={t("travel.cars.listError")} description={listError.message} />}
        <Card title={t("travel.flows.basics")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <FormField control={control} name="name" label={t("travel.cars.name")} required>
                <Input maxLength={30} showCount placeholder={t("travel.cars.namePlaceholder")} />
              </FormField>
            </Col>
            <Col xs={24} lg={12}>
              <FormField control={control} name="tripLevelIds" label={t("travel.cars.tripLevels")} required>
                <Select mode="multiple" optionFilterProp="label" options={levels.options} placeholder={t("travel.cars.pickLevels")} />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField control={control} name="carTypes" label={t("travel.cars.carTypes")} required>
                <Checkbox.Group options={codeOptions(CAR_TYPES)} />
              </FormField>
            </Col>
          </Row>
        </Card>
        <Card title={t("travel.cars.citiesAndTimes")}>
          <FormField control={control} name="allCities" label={t("travel.cars.cities")} required>
            <Radio.Group options={[{ value: true, label: t("travel.cars.anyCity") }, { value: false, label: t("travel.cars.chosenCities") }]} />
          </FormField>
          {all === false && (
            <FormField control={control} name="cityCodes" label={t("travel.cars.pickCities")} required>
              <Select
                mode="multiple"
                showSearch
                filterOption={(input, option) => Boolean(option && `${option.label}${option.pinyin}`.toLowerCase().includes(input.trim().toLowerCase()))}
                options={cityRows.map((c) => ({ value: c.code, label: c.name, pinyin: c.pinyin }))}
                placeholder={t("travel.cars.citySearch")}
              />
            </FormField>
          )}
          <div style={{ marginBottom: 8 }}>{t("travel.cars.timeWindows")}</div>
          {windows.fields.map((f, i) => (
            <Row gutter={12} key={f.id}>
              <Col span={8}>
                <FormField control={control} name={`timeWindows.${i}.start`}>
                  <Input maxLength={5} placeholder="07:00" aria-label={t("travel.cars.start")} />
                </FormField>
              </Col>
              <Col span={8}>
                <FormField control={control} name={`timeWindows.${i}.end`}>
                  <Input maxLength={5} placeholder="23:00" aria-label={t("travel.cars.end")} />
                </FormField>
              </Col>
              <Col span={4}>
                <Button icon={<DeleteOutlined />} onClick={() => windows.remove(i)} aria-label={t("travel.cars.removeWindow")} />
              </Col>
            </Row>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => windows.append({ start: "", end: "" })} disabled={windows.fields.length >= MAX_WINDOWS}>{t("travel.cars.addWindow")}</Button>
          <div style={{ color: "rgba(0,0,0,0.45)", marginTop: 8 }}>{t("travel.cars.windowsHelp")}</div>
        </Card>
        <Card title={t("travel.cars.caps")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <FormField control={control} name="perRideCap" label={t("travel.cars.perRideCap")} extra={t("travel.standards.emptyNoCap")}>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
              </FormField>
            </Col>
            <Col xs={24} lg={12}>
              <FormField control={control} name="monthlyCap" label={t("travel.cars.monthlyCap")} extra={t("travel.standards.emptyNoCap")}>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
              </FormField>
            </Col>
          </Row>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={saving}>{t("travel.standards.save")}</Button>
          <LinkButton size="large" to={pathFor("usecar_manager_list")}>{t("travel.cancel")}</LinkButton>
        </Space>
      </Space>
    </Form>
  );
}
