// usecar_install_info (/useCarManager/usecar_install_info, ?id=… to edit, 70): a car-use standard —
// its name, the trip levels it applies to, car types, cities (all, or picked from the city list),
// time windows and per-ride and monthly caps — checked with the server's own schema.
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Space } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useInvalidate, useOne, useTranslate } from "@refinedev/core";
import { useFieldArray, type FieldPath } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { CAR_TYPES, carStandardFormSchema } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { LinkButton } from "../../pages/index/LinkButton";
import { retryUnlessRefused } from "../retry";
import { FormField, applyRefusal, useSubmitState, useZodForm } from "../../components/FormField";
import { unshownProblem } from "../../components/form-errors";
import { NEW_CAR_STANDARD, carFieldOf, carFields, toCarInput, toCarValues, type CarFormValues, type CarInput } from "./car-form";
import { CAR_PATHS, type CarStandardRow, type CityOption } from "./index";
import { LoadError } from "../LoadError";
import { useCodes } from "../../components/use-codes";

const MAX_WINDOWS = 6;

export default function CarStandardEditPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const id = queryOf(useLocation().search).id;
  return (
    <WorkbenchFrame routeName={routeName} title={id === undefined ? t("travel.cars.add") : undefined}>
      {id === undefined ? <CarForm /> : /^\d+$/.test(id) ? <Loader id={id} /> : <Result status="404" title={t("travel.cars.notFound")} />}
    </WorkbenchFrame>
  );
}

function Loader({ id }: { id: string }) {
  const { query, result } = useOne<CarStandardRow>({ resource: "car-standards", id, errorNotification: false, queryOptions: { refetchOnWindowFocus: false, retry: retryUnlessRefused } });
  const row = result as CarStandardRow | undefined;
  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !row) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  return <CarForm row={row} />;
}

/** useCustom answers an empty object until (or unless) the list arrives. */
const rowsOf = <T,>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

function CarForm({ row }: { row?: CarStandardRow }) {
  const levels = useCustom<{ id: number; name: string }[]>({ url: CAR_PATHS.tripLevels, method: "post", config: { payload: {} }, errorNotification: false });
  const cities = useCustom<CityOption[]>({ url: CAR_PATHS.cities, method: "post", config: { payload: {} }, errorNotification: false, queryOptions: { staleTime: Infinity } });
  if (levels.query.isLoading || cities.query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  return (
    <CarFields
      row={row}
      levelRows={rowsOf<{ id: number; name: string }>(levels.result.data)}
      cityRows={rowsOf<CityOption>(cities.result.data)}
      listError={levels.query.error ?? cities.query.error}
    />
  );
}

interface CarFieldsProps {
  row?: CarStandardRow;
  levelRows: { id: number; name: string }[];
  cityRows: CityOption[];
  listError: { message: string } | null;
}

function CarFields({ row, levelRows, cityRows, listError }: CarFieldsProps) {
  const t = useTranslate();
  const { codeOptions } = useCodes();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<CarStandardRow>();
  // The schema checks the save input made from the values (yuan as fen, cities with their
  // names); its paths land on the form's fields.
  const { control, handleSubmit, setError, watch, getValues } = useZodForm<CarFormValues>(() => carStandardFormSchema, {
    raw: true,
    input: (v) => toCarInput(row?.id, v, cityRows, row?.cities),
    fieldOf: carFieldOf,
    defaultValues: row ? toCarValues(row) : NEW_CAR_STANDARD,
  });
  const windows = useFieldArray({ control, name: "timeWindows" });
  const state = useSubmitState(watch);
  const all = watch("allCities");
  const fields = () => carFields(getValues()) as FieldPath<CarFormValues>[];

  const send = (input: CarInput) =>
    state.run(async () => {
      try {
        await mutateAsync({ url: CAR_PATHS.save, method: "post", values: input, successNotification: false, errorNotification: false });
        message.success(t("travel.cars.saved"));
        invalidate({ resource: "car-standards", invalidates: row ? ["list", "detail"] : ["list"], id: row?.id });
        navigate(pathFor("usecar_manager_list"));
        return null;
      } catch (e) {
        applyRefusal<CarFormValues>(e, fields(), setError, carFieldOf);
        return (e as { message?: string }).message || t("travel.saveError");
      }
    });
  // The resolver hands on the save input it checked.
  const submit = handleSubmit(
    (input) => send(input as unknown as CarInput),
    (errors) => state.setRefusal(unshownProblem(errors, fields())),
  );

  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
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
                <Select mode="multiple" optionFilterProp="label" options={levelRows.map((l) => ({ value: l.id, label: l.name }))} placeholder={t("travel.cars.pickLevels")} />
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
        {state.refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={state.refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending}>{t("travel.standards.save")}</Button>
          <LinkButton size="large" to={pathFor("usecar_manager_list")}>{t("travel.cancel")}</LinkButton>
        </Space>
      </Space>
    </Form>
  );
}
