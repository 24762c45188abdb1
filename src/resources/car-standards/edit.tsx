// usecar_install_info (/useCarManager/usecar_install_info, ?id=… to edit, 70): a car-use standard —
// its name, the trip levels it applies to, car types, cities (all, or picked from the city list),
// time windows and per-ride and monthly caps — checked with the server's own schema.
import { useState } from "react";
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Space } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useInvalidate, useOne, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { CAR_TYPES } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { useLang } from "../../pages/layout/session";
import { LinkButton } from "../../pages/index/LinkButton";
import { retryUnlessRefused } from "../retry";
import { NEW_CAR_STANDARD, carProblems, carServerProblems, toCarInput, toCarValues, type CarFormValues } from "./car-form";
import { CAR_PATHS, type CarStandardRow, type CityOption } from "./index";
import { LoadError } from "../LoadError";

const MAX_WINDOWS = 6;

export default function CarStandardEditPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
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
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<CarStandardRow>();
  const levels = useCustom<{ id: number; name: string }[]>({ url: CAR_PATHS.tripLevels, method: "post", config: { payload: {} }, errorNotification: false });
  const cities = useCustom<CityOption[]>({ url: CAR_PATHS.cities, method: "post", config: { payload: {} }, errorNotification: false, queryOptions: { staleTime: Infinity } });
  const all = Form.useWatch("allCities", form) as boolean | undefined;
  const cityRows = rowsOf<CityOption>(cities.result.data);

  const submit = () => {
    setRefusal(null);
    const input = toCarInput(row?.id, form.getFieldsValue(true) as CarFormValues, cityRows, row?.cities);
    const problems = carProblems(input);
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0].name);
      return;
    }
    mutate(
      { url: CAR_PATHS.save, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          message.success(t("travel.cars.saved"));
          invalidate({ resource: "car-standards", invalidates: row ? ["list", "detail"] : ["list"], id: row?.id });
          navigate(pathFor("usecar_manager_list"));
        },
        onError: (e: HttpError) => {
          const fields = carServerProblems(e.errors as Record<string, string | string[]> | undefined);
          if (fields.length) form.setFields(fields);
          setRefusal(e.message || t("travel.saveError"));
        },
      },
    );
  };

  if (levels.query.isLoading || cities.query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  const listError = levels.query.error ?? cities.query.error;

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={row ? toCarValues(row) : NEW_CAR_STANDARD}
      onFieldsChange={(changed) => {
        const touched = changed.filter((f) => f.touched && f.errors?.length);
        if (touched.length) form.setFields(touched.map((f) => ({ name: f.name, errors: [] })));
      }}
      onFinish={submit}
      aria-label={t("travel.cars.formTitle")}
    >
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        {listError && <Alert type="warning" showIcon message={t("travel.cars.listError")} description={listError.message} />}
        <Card title={t("travel.flows.basics")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item name="name" label={t("travel.cars.name")} required>
                <Input maxLength={30} showCount placeholder={t("travel.cars.namePlaceholder")} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="tripLevelIds" label={t("travel.cars.tripLevels")} required>
                <Select mode="multiple" optionFilterProp="label" options={rowsOf<{ id: number; name: string }>(levels.result.data).map((l) => ({ value: l.id, label: l.name }))} placeholder={t("travel.cars.pickLevels")} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="carTypes" label={t("travel.cars.carTypes")} required>
                <Checkbox.Group options={CAR_TYPES.rows.map((r) => ({ value: r.key, label: r[lang] }))} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t("travel.cars.citiesAndTimes")}>
          <Form.Item name="allCities" label={t("travel.cars.cities")} required>
            <Radio.Group options={[{ value: true, label: t("travel.cars.anyCity") }, { value: false, label: t("travel.cars.chosenCities") }]} />
          </Form.Item>
          {all === false && (
            <Form.Item name="cityCodes" label={t("travel.cars.pickCities")} required>
              <Select
                mode="multiple"
                showSearch
                filterOption={(input, option) => Boolean(option && `${option.label}${option.pinyin}`.toLowerCase().includes(input.trim().toLowerCase()))}
                options={cityRows.map((c) => ({ value: c.code, label: c.name, pinyin: c.pinyin }))}
                placeholder={t("travel.cars.citySearch")}
              />
            </Form.Item>
          )}
          <Form.List name="timeWindows">
            {(fields, { add, remove }) => (
              <>
                <div style={{ marginBottom: 8 }}>{t("travel.cars.timeWindows")}</div>
                {fields.map((f) => (
                  <Row gutter={12} key={f.key}>
                    <Col span={8}>
                      <Form.Item name={[f.name, "start"]}>
                        <Input maxLength={5} placeholder="07:00" aria-label={t("travel.cars.start")} />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item name={[f.name, "end"]}>
                        <Input maxLength={5} placeholder="23:00" aria-label={t("travel.cars.end")} />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t("travel.cars.removeWindow")} />
                    </Col>
                  </Row>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ start: "", end: "" })} disabled={fields.length >= MAX_WINDOWS}>{t("travel.cars.addWindow")}</Button>
                <div style={{ color: "rgba(0,0,0,0.45)", marginTop: 8 }}>{t("travel.cars.windowsHelp")}</div>
              </>
            )}
          </Form.List>
        </Card>
        <Card title={t("travel.cars.caps")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item name="perRideCap" label={t("travel.cars.perRideCap")} extra={t("travel.standards.emptyNoCap")}>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="monthlyCap" label={t("travel.cars.monthlyCap")} extra={t("travel.standards.emptyNoCap")}>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending}>{t("travel.standards.save")}</Button>
          <LinkButton size="large" to={pathFor("usecar_manager_list")}>{t("travel.cancel")}</LinkButton>
        </Space>
      </Space>
    </Form>
  );
}
