// EditStandardSettings (/travel/travelManage/editStandardSettings?tripLevelId=…, 70): one trip
// level's standard — flight cabins, discount and price caps and the lowest-fare window; hotel caps
// per city tier; train seats; what over-standard bookings do — checked with the server's schema.
import { Alert, App, Button, Card, Checkbox, Col, Form, Input, Radio, Result, Row, Skeleton, Space, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { useLocation } from "react-router";
import { CABIN_CLASSES, CITY_TIERS, MAX_FARE_WINDOW_HOURS, OVER_ACTIONS, OVER_STANDARD_ALLOWANCE_FEN, SEAT_CLASSES, standardFormSchema } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { FormField } from "../../components/FormField";
import { STANDARD_FIELDS, standardFieldOf, toFormValues, toStandardInput, type StandardFormValues } from "./standard-form";
import type { StandardRow } from "./index";
import { useResourceForm } from "../useResourceForm";
import { LoadError } from "../LoadError";
import { useCodes } from "../../components/use-codes";
import { yuanText } from "../../domain/money";

export default function EditStandardSettingsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const id = queryOf(useLocation().search).tripLevelId ?? "";
  return (
    <WorkbenchFrame routeName={routeName}>
      {/^\d+$/.test(id) ? <StandardForm tripLevelId={Number(id)} /> : <Result status="404" title={t("travel.standards.notFound")} />}
    </WorkbenchFrame>
  );
}

/**
 * One level's standard: Refine loads it (the default while none is saved) and saves it as an
 * update of the level's standard.
 */
export function StandardForm({ tripLevelId }: { tripLevelId: number }) {
  const t = useTranslate();
  const { codeLabel, codeOptions } = useCodes();
  const { message } = App.useApp();
  // The schema checks the save input made from the values (yuan as fen); its paths land on the form's fields.
  const { control, submit, saving, loading, loadError, reload, record: row, refusal } = useResourceForm<StandardFormValues, StandardRow>({
    resource: "travel-standards",
    id: tripLevelId,
    schema: () => standardFormSchema,
    defaultValues: {},
    toValues: toFormValues,
    input: (v) => toStandardInput(tripLevelId, v),
    fieldOf: standardFieldOf,
    fields: () => STANDARD_FIELDS,
    onSaved: () => message.success(t("travel.standards.saved")),
  });

  if (loading) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  if (loadError || !row) return <LoadError error={loadError} onRetry={reload} />;

  return (
    <Form layout="vertical" onFinish={submit} aria-label={t("travel.standards.formTitle")}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <Card>
          <Space size={[16, 8]} wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>{row.tripLevelName}</Typography.Text>
            <Typography.Text type="secondary">{t("travel.standards.employees", { count: row.employeeCount })}</Typography.Text>
            {!row.configured && <Typography.Text type="warning">{t("travel.standards.startsFromDefault")}</Typography.Text>}
          </Space>
        </Card>
        <Card title={t("travel.standard.air")}>
          <FormField control={control} name="cabins" label={t("travel.standards.cabins")} required>
            <Checkbox.Group options={codeOptions(CABIN_CLASSES)} />
          </FormField>
          <Row gutter={24}>
            <Col xs={24} lg={8}>
              <FormField control={control} name="maxDiscount" label={t("travel.standards.maxDiscount")} extra={t("travel.standards.maxDiscountHelp")}>
                <Input suffix="%" inputMode="numeric" maxLength={3} placeholder={t("travel.standards.noCap")} />
              </FormField>
            </Col>
            <Col xs={24} lg={8}>
              <FormField control={control} name="maxPrice" label={t("travel.standards.maxPrice")} extra={t("travel.standards.emptyNoCap")}>
                <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
              </FormField>
            </Col>
            <Col xs={24} lg={8}>
              <FormField control={control} name="lowestFareHours" label={t("travel.standards.lowestFareHours")} extra={t("travel.standards.lowestFareHelp", { max: MAX_FARE_WINDOW_HOURS })}>
                <Input suffix={t("travel.standards.hours")} inputMode="numeric" maxLength={2} placeholder={t("travel.standards.notCompared")} />
              </FormField>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t("travel.standards.allowance", { amount: yuanText(OVER_STANDARD_ALLOWANCE_FEN) })}</Typography.Text>
        </Card>
        <Card title={t("travel.standards.hotelCaps")}>
          <Row gutter={24}>
            {CITY_TIERS.keys.map((tier) => (
              <Col xs={24} lg={6} key={tier}>
                <FormField control={control} name={`caps.${tier}`} label={codeLabel(CITY_TIERS, tier)}>
                  <Input prefix="¥" suffix={t("travel.standards.perNight")} inputMode="decimal" maxLength={13} placeholder={t("travel.standards.noCap")} />
                </FormField>
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary">{t("travel.standards.hotelHelp")}</Typography.Text>
        </Card>
        <Card title={t("travel.standard.train")}>
          <FormField control={control} name="seats" label={t("travel.standards.seats")} required>
            <Checkbox.Group options={codeOptions(SEAT_CLASSES)} />
          </FormField>
        </Card>
        <Card title={t("travel.standard.overAction")}>
          <FormField control={control} name="overAction" className="tp-field--last">
            <Radio.Group>
              <Space direction="vertical">
                {OVER_ACTIONS.keys.map((r) => (
                  <Radio key={r} value={r}>
                    {codeLabel(OVER_ACTIONS, r)}
                    <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>{t(`travel.standard.overHelp.${r}`)}</Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </FormField>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={saving}>{t("travel.standards.save")}</Button>
          <LinkButton size="large" to={pathFor("StandardSettings")}>{t("travel.cancel")}</LinkButton>
        </Space>
      </Space>
    </Form>
  );
}
