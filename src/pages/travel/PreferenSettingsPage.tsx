// PreferenSettings (/travel/travelManage/preferenSettings, 70): the company's booking preferences —
// hotel multi-pay, whether business bookings must name an approved trip application, the reasons
// travellers choose from when over the standard, and the automatic approval decisions — checked
// with the server's own schema.
import { useState } from "react";
import { Alert, App, Button, Card, Form, Input, Select, Skeleton, Space, Switch, Typography } from "antd";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { fenToYuan, preferencesFormSchema, yuanToFen, type Preferences } from "../../domain/policy";
import { retryUnlessRefused } from "../../resources/retry";
import { WorkbenchFrame } from "../layout/WorkbenchFrame";

const INFO_PATH = "/api/v1/trip_manager/preference_info";
const SAVE_PATH = "/api/v1/trip_manager/preference_save";

interface Values {
  multiPay?: boolean;
  requireApplication?: boolean;
  overReasons?: string[];
  autoApproveMax?: string;
  rejectExpiredFare?: boolean;
}

function toValues(p: Preferences): Values {
  const max = p.autoDecisions.approveWithinStandardMaxFen;
  return {
    multiPay: p.hotelConfig.multiPay === 1,
    requireApplication: p.requireApplication === 1,
    overReasons: p.overReasons,
    autoApproveMax: max === null ? "" : fenToYuan(max).replace(/\.00$/, ""),
    rejectExpiredFare: p.autoDecisions.rejectExpiredFare === 1,
  };
}

function toInput(v: Values) {
  const max = v.autoApproveMax?.trim() ?? "";
  return {
    hotelConfig: { multiPay: Boolean(v.multiPay) },
    requireApplication: Boolean(v.requireApplication),
    overReasons: (v.overReasons ?? []).map((r) => r.trim()),
    // An unreadable amount goes on as text, so the schema answers with the field's own message.
    autoDecisions: { approveWithinStandardMaxFen: max ? (yuanToFen(max) ?? "invalid") : null, rejectExpiredFare: Boolean(v.rejectExpiredFare) },
  };
}

/** A schema path as the form field that shows it. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head, key] = path.map(String);
  if (head === "hotelConfig") return "multiPay";
  if (head === "autoDecisions") return key === "rejectExpiredFare" ? "rejectExpiredFare" : "autoApproveMax";
  return head;
}

export default function PreferenSettingsPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<Preferences>({
    url: INFO_PATH,
    method: "post",
    config: { payload: {} },
    errorNotification: false,
    queryOptions: { retry: retryUnlessRefused, refetchOnWindowFocus: false },
  });
  const prefs = result.data as Preferences | undefined;
  return (
    <WorkbenchFrame routeName={routeName}>
      {query.isLoading ? (
        <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>
      ) : query.error || !prefs?.hotelConfig ? (
        <Alert
          type="error"
          showIcon
          message={t("travel.loadError")}
          description={query.error?.message}
          action={<Button onClick={() => query.refetch()}>{t("travel.retry")}</Button>}
        />
      ) : (
        <PreferencesForm prefs={prefs} onSaved={() => query.refetch()} />
      )}
    </WorkbenchFrame>
  );
}

function PreferencesForm({ prefs, onSaved }: { prefs: Preferences; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<Preferences>();

  const submit = () => {
    setRefusal(null);
    const input = toInput(form.getFieldsValue(true));
    const r = preferencesFormSchema.safeParse(input);
    if (!r.success) {
      const seen = new Map<string, string>();
      for (const i of r.error.issues) if (!seen.has(fieldOf(i.path))) seen.set(fieldOf(i.path), i.message);
      form.setFields([...seen].map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      return;
    }
    mutate(
      { url: SAVE_PATH, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          message.success(t("travel.prefs.saved"));
          onSaved();
        },
        onError: (e: HttpError) => {
          const errors = Object.entries((e.errors as Record<string, string | string[]> | undefined) ?? {});
          if (errors.length) form.setFields(errors.map(([k, v]) => ({ name: fieldOf(k.split(".")) as keyof Values, errors: [Array.isArray(v) ? v[0] : v] })));
          setRefusal(e.message || t("travel.saveError"));
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={toValues(prefs)}
      onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}
      onFinish={submit}
      aria-label={t("travel.prefs.formTitle")}
    >
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <Card title={t("travel.prefs.booking")}>
          <Form.Item name="requireApplication" label={t("travel.prefs.requireApplication")} valuePropName="checked" extra={t("travel.prefs.requireApplicationHelp")}>
            <Switch />
          </Form.Item>
          <Form.Item name="multiPay" label={t("travel.prefs.multiPay")} valuePropName="checked" extra={t("travel.prefs.multiPayHelp")} style={{ marginBottom: 0 }}>
            <Switch />
          </Form.Item>
        </Card>
        <Card title={t("travel.prefs.overReasons")}>
          <Form.Item name="overReasons" extra={t("travel.prefs.overReasonsHelp")} style={{ marginBottom: 0 }}>
            <Select mode="tags" open={false} tokenSeparators={["\n"]} placeholder={t("travel.prefs.overReasonsPlaceholder")} aria-label={t("travel.prefs.overReasons")} />
          </Form.Item>
        </Card>
        <Card title={t("travel.prefs.auto")}>
          <Form.Item name="autoApproveMax" label={t("travel.prefs.autoApproveMax")} extra={t("travel.prefs.autoApproveMaxHelp")} style={{ maxWidth: 360 }}>
            <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.prefs.never")} />
          </Form.Item>
          <Form.Item name="rejectExpiredFare" label={t("travel.prefs.rejectExpiredFare")} valuePropName="checked" extra={t("travel.prefs.rejectExpiredFareHelp")} style={{ marginBottom: 0 }}>
            <Switch />
          </Form.Item>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending}>{t("travel.standards.save")}</Button>
          <Typography.Text type="secondary">{t("travel.prefs.saveHint")}</Typography.Text>
        </Space>
      </Space>
    </Form>
  );
}
