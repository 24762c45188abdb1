// EditStandardSettings (/travel/travelManage/editStandardSettings?tripLevelId=…, 70): one trip
// level's standard — flight cabins, discount and price caps and the lowest-fare window; hotel caps
// per city tier; train seats; what over-standard bookings do — checked with the server's schema.
import { useState } from "react";
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Radio, Result, Row, Skeleton, Space, Typography } from "antd";
import { useCustomMutation, useInvalidate, useOne, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { CABIN_CLASSES, CITY_TIERS, MAX_FARE_WINDOW_HOURS, OVER_ACTIONS, OVER_STANDARD_ALLOWANCE_FEN, SEAT_CLASSES, yuanText } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { useLang } from "../../pages/layout/session";
import { LinkButton } from "../../pages/index/LinkButton";
import { standardProblems, standardServerProblems, toFormValues, toStandardInput, type StandardFormValues } from "./standard-form";
import { STANDARD_PATHS, type StandardRow } from "./index";
import { retryUnlessRefused } from "../retry";
import { LoadError } from "../LoadError";

export default function EditStandardSettingsPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const id = queryOf(useLocation().search).tripLevelId ?? "";
  return (
    <WorkbenchFrame routeName={routeName}>
      {/^\d+$/.test(id) ? <Loader id={id} /> : <Result status="404" title={t("travel.standards.notFound")} />}
    </WorkbenchFrame>
  );
}

function Loader({ id }: { id: string }) {
  const { query, result } = useOne<StandardRow>({ resource: "travel-standards", id, errorNotification: false, queryOptions: { refetchOnWindowFocus: false, retry: retryUnlessRefused } });
  const row = result as StandardRow | undefined;
  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  if (query.error || !row) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  return <StandardForm row={row} />;
}

function StandardForm({ row }: { row: StandardRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<StandardRow>();

  const submit = () => {
    setRefusal(null);
    const input = toStandardInput(row.tripLevelId, form.getFieldsValue(true) as StandardFormValues);
    const problems = standardProblems(input);
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0].name);
      return;
    }
    mutate(
      { url: STANDARD_PATHS.save, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          message.success(t("travel.standards.saved"));
          invalidate({ resource: "travel-standards", invalidates: ["list", "detail"], id: row.tripLevelId });
          navigate(pathFor("StandardSettings"));
        },
        onError: (e: HttpError) => {
          const fields = standardServerProblems(e.errors as Record<string, string | string[]> | undefined);
          if (fields.length) form.setFields(fields);
          setRefusal(e.message || t("travel.saveError"));
        },
      },
    );
  };

  const clear = (changed: Record<string, unknown>) =>
    form.setFields(
      Object.entries(changed).flatMap(([k, v]): { name: string[]; errors: string[] }[] =>
        k === "caps" && v && typeof v === "object" ? Object.keys(v).map((tier) => ({ name: ["caps", tier], errors: [] })) : [{ name: [k], errors: [] }],
      ),
    );

  return (
    <Form form={form} layout="vertical" initialValues={toFormValues(row)} onValuesChange={clear} onFinish={submit} aria-label={t("travel.standards.formTitle")}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <Card>
          <Space size={[16, 8]} wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>{row.tripLevelName}</Typography.Text>
            <Typography.Text type="secondary">{t("travel.standards.employees", { count: row.employeeCount })}</Typography.Text>
            {!row.configured && <Typography.Text type="warning">{t("travel.standards.startsFromDefault")}</Typography.Text>}
          </Space>
        </Card>
        <Card title={t("travel.standard.air")}>
          <Form.Item name="cabins" label={t("travel.standards.cabins")} required>
            <Checkbox.Group options={CABIN_CLASSES.rows.map((r) => ({ value: r.key, label: r[lang] }))} />
          </Form.Item>
          <Row gutter={24}>
            <Col xs={24} lg={8}>
              <Form.Item name="maxDiscount" label={t("travel.standards.maxDiscount")} extra={t("travel.standards.maxDiscountHelp")}>
                <Input suffix="%" inputMode="numeric" maxLength={3} placeholder={t("travel.standards.noCap")} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item name="maxPrice" label={t("travel.standards.maxPrice")} extra={t("travel.standards.emptyNoCap")}>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item name="lowestFareHours" label={t("travel.standards.lowestFareHours")} extra={t("travel.standards.lowestFareHelp", { max: MAX_FARE_WINDOW_HOURS })}>
                <Input suffix={t("travel.standards.hours")} inputMode="numeric" maxLength={2} placeholder={t("travel.standards.notCompared")} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t("travel.standards.allowance", { amount: yuanText(OVER_STANDARD_ALLOWANCE_FEN) })}</Typography.Text>
        </Card>
        <Card title={t("travel.standards.hotelCaps")}>
          <Row gutter={24}>
            {CITY_TIERS.rows.map((tier) => (
              <Col xs={24} lg={6} key={tier.key}>
                <Form.Item name={["caps", tier.key]} label={tier[lang]}>
                  <Input prefix="¥" suffix={t("travel.standards.perNight")} inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary">{t("travel.standards.hotelHelp")}</Typography.Text>
        </Card>
        <Card title={t("travel.standard.train")}>
          <Form.Item name="seats" label={t("travel.standards.seats")} required>
            <Checkbox.Group options={SEAT_CLASSES.rows.map((r) => ({ value: r.key, label: r[lang] }))} />
          </Form.Item>
        </Card>
        <Card title={t("travel.standard.overAction")}>
          <Form.Item name="overAction" required style={{ marginBottom: 0 }}>
            <Radio.Group>
              <Space direction="vertical">
                {OVER_ACTIONS.rows.map((r) => (
                  <Radio key={r.key} value={r.key}>
                    {r[lang]}
                    <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>{t(`travel.standard.overHelp.${r.key}`)}</Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending}>{t("travel.standards.save")}</Button>
          <LinkButton size="large" to={pathFor("StandardSettings")}>{t("travel.cancel")}</LinkButton>
        </Space>
      </Space>
    </Form>
  );
}
