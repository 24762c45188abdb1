// AddTravelApplication (/travel/application/add, 7_0): a new trip application — purpose, dates,
// route, travellers (colleagues the applicant may book for, and external travellers), modes of
// travel and budget — checked with the server's own schema, then saved and submitted at once to
// the approval flow that applies to the applicant, which the form names before sending.
import { useState } from "react";
import { Alert, App, Button, Card, Checkbox, Col, DatePicker, Form, Input, Radio, Row, Select, Skeleton, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import dayjs from "dayjs";
import { MAX_DESTINATIONS, MAX_TRAVELLERS, TRAVEL_MODES, TRIP_SCOPES, chinaDate } from "../../domain/policy";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { useLang } from "../../pages/layout/session";
import { LinkButton } from "../../pages/index/LinkButton";
import { problemsOf, serverProblems, toApplicationInput, type ApplicationFormValues } from "./application-form";
import { APPLICATION_PATHS, applyDetailPath, type ApplicationDetail, type TravellerOption } from "./index";

interface MyStandardFlows {
  flows: { trip: string | null; order: string | null };
}

export default function AddTravelApplicationPage({ routeName }: { routeName: string }) {
  return (
    <WorkbenchFrame routeName={routeName}>
      <ApplicationForm />
    </WorkbenchFrame>
  );
}

function ApplicationForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  // Untyped: field paths come from the schema (e.g. ["externalTravellers", 0, "name"]).
  const [form] = Form.useForm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<ApplicationDetail>();

  const travellers = useCustom<{ list: TravellerOption[] }>({
    url: APPLICATION_PATHS.travellers,
    method: "post",
    config: { payload: { pageNum: 1, pageSize: 100 } },
    errorNotification: false,
    queryOptions: { refetchOnWindowFocus: false },
  });
  const flows = useCustom<MyStandardFlows>({
    url: APPLICATION_PATHS.myStandard,
    method: "post",
    config: { payload: {} },
    errorNotification: false,
    queryOptions: { refetchOnWindowFocus: false },
  });
  const options = (travellers.result.data as { list?: TravellerOption[] } | undefined)?.list ?? [];
  const self = options.find((o) => o.self);
  const tripFlow = (flows.result.data as MyStandardFlows | undefined)?.flows?.trip;

  const submit = () => {
    setRefusal(null);
    const input = toApplicationInput(form.getFieldsValue(true) as ApplicationFormValues);
    const problems = problemsOf(input, chinaDate(Date.now()));
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0].name);
      return;
    }
    mutate(
      { url: APPLICATION_PATHS.save, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          message.success(t("travel.app.submitted"));
          invalidate({ resource: "travel-applications", invalidates: ["list"] });
          navigate(applyDetailPath(data.id));
        },
        onError: (e: HttpError) => {
          const fields = serverProblems(e.errors as Record<string, string | string[]> | undefined);
          if (fields.length) form.setFields(fields);
          setRefusal(e.message || t("travel.saveError"));
        },
      },
    );
  };

  // A field's message goes as soon as the field changes; the next submit checks everything again.
  const clearChanged = (changed: Partial<ApplicationFormValues>) =>
    form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));

  const today = dayjs(chinaDate(Date.now()));
  // The form opens once the colleagues are known, so the applicant starts as its traveller.
  if (travellers.query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;

  return (
    <Form<ApplicationFormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{ scope: "domestic", modes: ["flight", "hotel"], travellerEmployeeIds: self ? [self.employeeId] : [], externalTravellers: [] }}
      onValuesChange={clearChanged}
      onFinish={submit}
      aria-label={t("travel.app.formTitle")}
    >
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        {tripFlow !== undefined && (
          <Alert
            type={tripFlow ? "info" : "warning"}
            showIcon
            data-testid="flow-note"
            message={tripFlow ? t("travel.app.flowNote", { name: tripFlow }) : t("travel.app.noFlow")}
          />
        )}
        <Card title={t("travel.app.tripSection")}>
          <Row gutter={24}>
            <Col span={24}>
              <Form.Item name="scope" label={t("travel.app.scope")} required>
                <Radio.Group options={TRIP_SCOPES.rows.map((r) => ({ value: r.key, label: r[lang] }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="purpose" label={t("travel.app.purpose")} required>
                <Input.TextArea rows={3} maxLength={200} showCount placeholder={t("travel.app.purposePlaceholder")} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="dates" label={t("travel.app.dates")} required>
                <DatePicker.RangePicker
                  style={{ width: "100%" }}
                  placeholder={[t("travel.app.startDate"), t("travel.app.endDate")]}
                  disabledDate={(d) => d.isBefore(today, "day")}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="fromCity" label={t("travel.app.fromCity")} required>
                <Input maxLength={30} placeholder={t("travel.app.fromCityPlaceholder")} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="toCities" label={t("travel.app.toCities")} required extra={t("travel.app.toCitiesHelp", { max: MAX_DESTINATIONS })}>
                <Select mode="tags" open={false} tokenSeparators={[",", "，", "、", " "]} maxCount={MAX_DESTINATIONS} placeholder={t("travel.app.toCitiesPlaceholder")} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t("travel.app.travellers")}>
          <Form.Item name="travellerEmployeeIds" label={t("travel.app.employees")} extra={t("travel.app.travellersHelp", { max: MAX_TRAVELLERS })}>
            <Select
              mode="multiple"
              loading={travellers.query.isLoading}
              optionFilterProp="label"
              placeholder={t("travel.app.employeesPlaceholder")}
              notFoundContent={travellers.query.error ? travellers.query.error.message : undefined}
              options={options.map((o) => ({
                value: o.employeeId,
                label: `${o.realName ?? o.mobilePhone ?? o.employeeId}${o.departmentName ? ` · ${o.departmentName}` : ""}${o.self ? ` (${t("travel.app.me")})` : ""}`,
              }))}
            />
          </Form.Item>
          <Form.List name="externalTravellers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Row gutter={16} key={f.key} align="top">
                    <Col span={10}>
                      <Form.Item name={[f.name, "name"]} label={i === 0 ? t("travel.app.externalTravellerName") : undefined} required>
                        <Input maxLength={30} placeholder={t("travel.app.externalTravellerName")} />
                      </Form.Item>
                    </Col>
                    <Col span={10}>
                      <Form.Item name={[f.name, "mobilePhone"]} label={i === 0 ? t("travel.app.externalTravellerMobile") : undefined}>
                        <Input maxLength={11} placeholder={t("travel.app.optional")} />
                      </Form.Item>
                    </Col>
                    <Col span={4} style={{ paddingTop: i === 0 ? 30 : 0 }}>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t("travel.app.removeExternal")} />
                    </Col>
                  </Row>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= MAX_TRAVELLERS}>
                  {t("travel.app.addExternal")}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title={t("travel.app.planSection")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item name="modes" label={t("travel.app.modes")} required>
                <Checkbox.Group options={TRAVEL_MODES.rows.map((r) => ({ value: r.key, label: r[lang] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="budget" label={t("travel.app.budgetYuan")} required>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.app.budgetPlaceholder")} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t("travel.app.remark")}>
                <Input.TextArea rows={2} maxLength={200} showCount placeholder={t("travel.app.optional")} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.app.refused")} description={refusal} data-testid="refusal" />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending}>
            {t("travel.app.submit")}
          </Button>
          <LinkButton size="large" to={pathFor("TravelApplicationList")}>{t("travel.cancel")}</LinkButton>
        </Space>
        <Typography.Paragraph type="secondary">{t("travel.app.submitHint")}</Typography.Paragraph>
      </Space>
    </Form>
  );
}
