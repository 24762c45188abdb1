// PreferenSettings (/travel/travelManage/preferenSettings, 70): the company's booking preferences —
// hotel multi-pay, whether business bookings must name an approved trip application, the reasons
// travellers choose from when over the standard, and the automatic approval decisions — checked
// with the server's own schema.
import { Alert, App, Button, Card, Form, Input, Select, Skeleton, Space, Switch, Typography } from "antd";
import { useCustom, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { preferencesFormSchema, type Preferences } from "../../domain/policy";
import { retryUnlessRefused } from "../../resources/retry";
import { FormField, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver, unshownProblem } from "../../components/form-errors";
import { PREFERENCE_PATHS, TRAVEL_PREFERENCES } from "./index";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { fenToYuan, parseYuan } from "../../domain/money";


interface Values {
  multiPay: boolean;
  requireApplication: boolean;
  overReasons: string[];
  overSelfPay: boolean;
  autoApproveMax: string;
  rejectExpiredFare: boolean;
}
const FIELDS = ["multiPay", "requireApplication", "overReasons", "overSelfPay", "autoApproveMax", "rejectExpiredFare"] as const;

function toValues(p: Preferences): Values {
  const max = p.autoDecisions.approveWithinStandardMaxFen;
  return {
    multiPay: p.hotelConfig.multiPay === 1,
    requireApplication: p.requireApplication === 1,
    overReasons: p.overReasons,
    overSelfPay: p.overSelfPay === 1,
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
    overSelfPay: Boolean(v.overSelfPay),
    // An unreadable amount goes on as text, so the schema answers with the field's own message.
    autoDecisions: { approveWithinStandardMaxFen: max ? (parseYuan(max) ?? "invalid") : null, rejectExpiredFare: Boolean(v.rejectExpiredFare) },
  };
}

/** A schema or server path ("autoDecisions.approveWithinStandardMaxFen") as the form field that shows it. */
function fieldOf(path: string): string {
  const [head = path, key] = path.split(".");
  if (head === "hotelConfig") return "multiPay";
  if (head === "autoDecisions") return key === "rejectExpiredFare" ? "rejectExpiredFare" : "autoApproveMax";
  return head;
}

export default function PreferenSettingsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const { query, result } = useCustom<Preferences>({
    url: PREFERENCE_PATHS.info,
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
  const t = useTranslate();
  const { message } = App.useApp();
  // The schema checks the save input made from the values (the yuan amount as fen); its paths
  // land on the form's fields. Refine saves it: a create on the preferences resource.
  const {
    control, handleSubmit, setError, watch,
    refineCore: { onFinish, formLoading },
  } = useForm<BaseRecord, HttpError, Values>({
    resolver: schemaResolver<Values>(() => preferencesFormSchema, { raw: true, input: toInput, fieldOf }),
    defaultValues: toValues(prefs),
    warnWhenUnsavedChanges: false,
    // The server's paths are not the form's fields: applyRefusal places them through fieldOf.
    disableServerSideValidation: true,
    refineCoreProps: { resource: TRAVEL_PREFERENCES, action: "create", ...QUIET_SAVE },
  });
  const state = useSubmitState(watch);

  const send = (input: ReturnType<typeof toInput>) =>
    state.run(async () => {
      try {
        await onFinish(input as unknown as Values);
        message.success(t("travel.prefs.saved"));
        onSaved();
        return null;
      } catch (e) {
        applyRefusal<Values>(e, FIELDS, setError, fieldOf);
        return (e as { message?: string }).message || t("travel.saveError");
      }
    });
  // The resolver hands on the save input it checked.
  const submit = handleSubmit(
    (input) => send(input as unknown as ReturnType<typeof toInput>),
    (errors) => state.setRefusal(unshownProblem(errors, FIELDS)),
  );

  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      aria-label={t("travel.prefs.formTitle")}
    >
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <Card title={t("travel.prefs.booking")}>
          <FormField control={control} name="requireApplication" label={t("travel.prefs.requireApplication")} valuePropName="checked" extra={t("travel.prefs.requireApplicationHelp")}>
            <Switch />
          </FormField>
          <FormField control={control} name="multiPay" label={t("travel.prefs.multiPay")} valuePropName="checked" extra={t("travel.prefs.multiPayHelp")} className="tp-field--last">
            <Switch />
          </FormField>
        </Card>
        <Card title={t("travel.prefs.overReasons")}>
          <FormField control={control} name="overReasons" extra={t("travel.prefs.overReasonsHelp")}>
            <Select mode="tags" open={false} tokenSeparators={["\n"]} placeholder={t("travel.prefs.overReasonsPlaceholder")} aria-label={t("travel.prefs.overReasons")} />
          </FormField>
          <FormField control={control} name="overSelfPay" label={t("travel.prefs.overSelfPay")} valuePropName="checked" extra={t("travel.prefs.overSelfPayHelp")} className="tp-field--last">
            <Switch />
          </FormField>
        </Card>
        <Card title={t("travel.prefs.auto")}>
          <FormField control={control} name="autoApproveMax" label={t("travel.prefs.autoApproveMax")} extra={t("travel.prefs.autoApproveMaxHelp")} className="tp-field--narrow">
            <Input prefix="¥" inputMode="decimal" maxLength={13} placeholder={t("travel.prefs.never")} />
          </FormField>
          <FormField control={control} name="rejectExpiredFare" label={t("travel.prefs.rejectExpiredFare")} valuePropName="checked" extra={t("travel.prefs.rejectExpiredFareHelp")} className="tp-field--last">
            <Switch />
          </FormField>
        </Card>
        {state.refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={state.refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={formLoading}>{t("travel.standards.save")}</Button>
          <Typography.Text type="secondary">{t("travel.prefs.saveHint")}</Typography.Text>
        </Space>
      </Space>
    </Form>
  );
}
