// The company's settlement settings: settlement day and who may confirm statements, under the
// company's credit line (read-only: the operator grants the limit). A react-hook-form form over
// the settings resource, checked with the schema the server validates with; the server's field
// errors land under their fields.
import { Alert, Button, Card, Col, Descriptions, Form, Row, Select, Skeleton, Space, Statistic, Typography } from "antd";
import type { HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller } from "react-hook-form";
import { CONFIRMERS_MAX, settlementSettingsSchema, type SettlementSettingsForm, type SettlementSettingsView } from "../../domain/settlement/schemas";
import { SETTLEMENT_DAY_MAX, SETTLEMENT_DAY_MIN } from "../../domain/settlement/period";
import { usePortalUser } from "../../layout/session";
import { LoadError } from "../LoadError";
import { retryUnlessRefused } from "../retry";
import { useTranslate } from "@refinedev/core";
import { formatFen } from "../../domain/money";

const DAYS = Array.from({ length: SETTLEMENT_DAY_MAX - SETTLEMENT_DAY_MIN + 1 }, (_, i) => i + SETTLEMENT_DAY_MIN);

export function SettlementSettingsForm() {
  const t = useTranslate();
  const user = usePortalUser();
  const companyId = user?.creditMemberId ?? 0;
  const {
    control,
    formState: { errors },
    refineCore: { query, formLoading },
    saveButtonProps,
  } = useForm<SettlementSettingsView, HttpError, SettlementSettingsForm>({
    refineCoreProps: {
      resource: "settlement-settings",
      action: "edit",
      id: companyId,
      redirect: false,
      queryOptions: { enabled: companyId > 0, refetchOnWindowFocus: false, retry: retryUnlessRefused },
      successNotification: () => ({ message: t("settlement.saved"), type: "success" }),
      errorNotification: (e) => ({ message: e?.message ?? t("settlement.saveFailed"), type: "error" }),
    },
    resolver: zodResolver(settlementSettingsSchema),
    defaultValues: { settlementDay: undefined, confirmerIds: [] },
  });
  const view = query?.data?.data;
  if (query?.isLoading) return <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  if (query?.error || !view) return <LoadError error={query?.error} onRetry={() => query?.refetch()} />;
  const fieldError = (name: keyof SettlementSettingsForm) => {
    const e = errors[name];
    return e?.message ? { validateStatus: "error" as const, help: String(e.message) } : {};
  };

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }} data-testid="settlement-settings">
      <Card>
        <Row gutter={32}>
          <Col><Statistic title={t("settlement.creditLimit")} prefix="¥" value={formatFen(view.creditLimitFen)} /></Col>
          <Col><Statistic title={t("settlement.creditUsed")} prefix="¥" value={formatFen(view.creditUsedFen)} /></Col>
          <Col><Statistic title={t("settlement.creditAvailable")} prefix="¥" value={formatFen(Math.max(0, view.creditLimitFen - view.creditUsedFen))} valueStyle={{ color: "#389e0d" }} /></Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ margin: "12px 0 0" }} data-testid="credit-by-operator">{t("settlement.limitByOperator")}</Typography.Paragraph>
      </Card>
      <Card title={t("settlement.settingsOf", { company: view.companyName })}>
        {!view.configured && <Alert type="info" showIcon message={t("settlement.notConfigured")} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" style={{ maxWidth: 560 }} component="div">
          <Form.Item label={t("settlement.settlementDay")} required extra={t("settlement.dayHint")} {...fieldError("settlementDay")}>
            <Controller
              name="settlementDay"
              control={control}
              render={({ field }) => (
                <Select
                  value={field.value === null || field.value === undefined ? undefined : Number(field.value)}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  showSearch
                  optionFilterProp="label"
                  placeholder={t("settlement.pickDay")}
                  aria-label={t("settlement.settlementDay")}
                  style={{ width: 200 }}
                  options={DAYS.map((d) => ({ value: d, label: t("settlement.dayOption", { day: d }) }))}
                />
              )}
            />
          </Form.Item>
          <Form.Item label={t("settlement.confirmers")} extra={t("settlement.confirmersHint", { max: CONFIRMERS_MAX })} {...fieldError("confirmerIds")}>
            <Controller
              name="confirmerIds"
              control={control}
              render={({ field }) => (
                <Select
                  mode="multiple"
                  allowClear
                  value={(field.value ?? []).map(Number)}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-label={t("settlement.confirmers")}
                  placeholder={t("settlement.adminOnly")}
                  optionFilterProp="label"
                  options={view.candidates.map((c) => ({ value: c.memberId, label: `${c.name}${t("common.parenthesized", { text: c.departmentName ?? "" })}` }))}
                />
              )}
            />
          </Form.Item>
          {view.nextSettlementDate && (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t("settlement.nextDate")}>{view.nextSettlementDate}</Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Paragraph type="secondary">{t("settlement.settingsNote")}</Typography.Paragraph>
          <Button type="primary" {...saveButtonProps} loading={formLoading}>{t("settlement.save")}</Button>
        </Form>
      </Card>
    </Space>
  );
}
