// AddTravelApplication (/travel/application/add, 7_0): a new trip application — purpose, dates,
// route, travellers (colleagues the applicant may book for, and external travellers), modes of
// travel and budget — checked with the server's own schema, then saved and submitted at once to
// the approval flow that applies to the applicant, which the form names before sending.
import { useState } from "react";
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Radio, Row, Select, Skeleton, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useCustom, useTranslate } from "@refinedev/core";
import { useFieldArray } from "react-hook-form";
import { PeopleSelect, personOf, type Person } from "../../components/PeopleSelect";
import { useNavigate } from "react-router";
import dayjs from "dayjs";
import { MAX_DESTINATIONS, MAX_TRAVELLERS, TRAVEL_MODES, TRIP_SCOPES, chinaDate } from "../../domain/policy";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { FormField } from "../../components/FormField";
import { DateRangeInput } from "../../components/DateInput";
import { applicationFields, applicationSchema, fieldOf, toApplicationInput, type ApplicationFormValues } from "./application-form";
import { useResourceForm } from "../useResourceForm";
import { APPLICATION_PATHS, applyDetailPath, type ApplicationDetail, type TravellerOption } from "./index";
import { useCodes } from "../../components/use-codes";

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

export function ApplicationForm() {
  // Only the applicant is needed up front (the form starts with them as its traveller); the
  // picker searches the colleagues on the server.
  const travellers = useCustom<{ self: TravellerOption | null }>({
    url: APPLICATION_PATHS.travellers,
    method: "post",
    config: { payload: { pageNum: 1, pageSize: 1 } },
    errorNotification: false,
    queryOptions: { refetchOnWindowFocus: false },
  });
  const self = (travellers.result.data as { self?: TravellerOption | null } | undefined)?.self ?? undefined;
  if (travellers.query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  return <ApplicationFields self={self} travellersError={travellers.query.error?.message} />;
}

type Values = ApplicationFormValues & { externalTravellers: NonNullable<ApplicationFormValues["externalTravellers"]> };

function ApplicationFields({ self, travellersError }: { self?: TravellerOption; travellersError?: string }) {
  const t = useTranslate();
  const { codeOptions } = useCodes();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const flows = useCustom<MyStandardFlows>({
    url: APPLICATION_PATHS.myStandard,
    method: "post",
    config: { payload: {} },
    errorNotification: false,
    queryOptions: { refetchOnWindowFocus: false },
  });
  const tripFlow = (flows.result.data as MyStandardFlows | undefined)?.flows?.trip;
  // The day the page opened: the schema counts the trip dates from it.
  const [today] = useState(() => chinaDate(Date.now()));
  // Refine creates the application (saved and submitted at once); the schema checks the save
  // input made from the values, and its paths (and the server's) land on the form's fields.
  const { control, submit, saving, refusal } = useResourceForm<Values, ApplicationDetail>({
    resource: "travel-applications",
    schema: applicationSchema(today),
    defaultValues: { scope: "domestic", purpose: "", dates: null, fromCity: "", toCities: [], modes: ["flight", "hotel"], budget: "", remark: "", travellerEmployeeIds: self ? [self.employeeId] : [], externalTravellers: [] },
    input: (v) => toApplicationInput(v),
    fieldOf,
    fields: applicationFields,
    redirect: false,
    onSaved: (saved) => {
      message.success(t("travel.app.submitted"));
      navigate(applyDetailPath(saved.id));
    },
  });
  const externals = useFieldArray({ control, name: "externalTravellers" });
  const me = (p: Person): Person => ({ ...p, label: `${p.label} (${t("travel.app.me")})` });

  return (
    <Form
      layout="vertical"
      requiredMark
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
              <FormField control={control} name="scope" label={t("travel.app.scope")} required>
                <Radio.Group options={codeOptions(TRIP_SCOPES)} />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField control={control} name="purpose" label={t("travel.app.purpose")} required>
                <Input.TextArea rows={3} maxLength={200} showCount placeholder={t("travel.app.purposePlaceholder")} />
              </FormField>
            </Col>
            <Col xs={24} lg={12}>
              <FormField control={control} name="dates" label={t("travel.app.dates")} required>
                <DateRangeInput
                  style={{ width: "100%" }}
                  placeholder={[t("travel.app.startDate"), t("travel.app.endDate")]}
                  disabledDate={(d) => d.isBefore(dayjs(today), "day")}
                />
              </FormField>
            </Col>
            <Col xs={24} lg={12}>
              <FormField control={control} name="fromCity" label={t("travel.app.fromCity")} required>
                <Input maxLength={30} placeholder={t("travel.app.fromCityPlaceholder")} />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField control={control} name="toCities" label={t("travel.app.toCities")} required extra={t("travel.app.toCitiesHelp", { max: MAX_DESTINATIONS })}>
                <Select mode="tags" open={false} tokenSeparators={[",", "，", "、", " "]} maxCount={MAX_DESTINATIONS} placeholder={t("travel.app.toCitiesPlaceholder")} />
              </FormField>
            </Col>
          </Row>
        </Card>
        <Card title={t("travel.app.travellers")}>
          <FormField control={control} name="travellerEmployeeIds" label={t("travel.app.employees")} extra={t("travel.app.travellersHelp", { max: MAX_TRAVELLERS })}>
            <PeopleSelect
              source="travellers"
              mode="multiple"
              placeholder={t("travel.app.employeesPlaceholder")}
              known={self ? [me(personOf(self.employeeId, self.realName, self.mobilePhone, self.departmentName))] : []}
              status={travellersError ? "warning" : undefined}
            />
          </FormField>
          {externals.fields.map((f, i) => (
            <Row gutter={16} key={f.id} align="top">
              <Col span={10}>
                <FormField control={control} name={`externalTravellers.${i}.name`} label={i === 0 ? t("travel.app.externalTravellerName") : undefined} required>
                  <Input maxLength={30} placeholder={t("travel.app.externalTravellerName")} />
                </FormField>
              </Col>
              <Col span={10}>
                <FormField control={control} name={`externalTravellers.${i}.mobilePhone`} label={i === 0 ? t("travel.app.externalTravellerMobile") : undefined}>
                  <Input maxLength={11} placeholder={t("travel.app.optional")} />
                </FormField>
              </Col>
              <Col span={4} style={{ paddingTop: i === 0 ? 30 : 0 }}>
                <Button icon={<DeleteOutlined />} onClick={() => externals.remove(i)} aria-label={t("travel.app.removeExternal")} />
              </Col>
            </Row>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => externals.append({ name: "", mobilePhone: "" })} disabled={externals.fields.length >= MAX_TRAVELLERS}>
            {t("travel.app.addExternal")}
          </Button>
        </Card>
        <Card title={t("travel.app.planSection")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <FormField control={control} name="modes" label={t("travel.app.modes")} required>
                <Checkbox.Group options={codeOptions(TRAVEL_MODES)} />
              </FormField>
            </Col>
            <Col xs={24} lg={12}>
              <FormField control={control} name="budget" label={t("travel.app.budgetYuan")} required>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.app.budgetPlaceholder")} />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField control={control} name="remark" label={t("travel.app.remark")}>
                <Input.TextArea rows={2} maxLength={200} showCount placeholder={t("travel.app.optional")} />
              </FormField>
            </Col>
          </Row>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.app.refused")} description={refusal} data-testid="refusal" />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={saving}>
            {t("travel.app.submit")}
          </Button>
          <LinkButton size="large" to={pathFor("TravelApplicationList")}>{t("travel.cancel")}</LinkButton>
        </Space>
        <Typography.Paragraph type="secondary">{t("travel.app.submitHint")}</Typography.Paragraph>
      </Space>
    </Form>
  );
}
