// The order page's business part for a company member: 出行类型 因公/因私; for 因公 the travel
// standard's verdict on the chosen fare (超标 with why, in red, or 符合差旅标准), the approved
// trip applications to pick from when the company requires one, the over-standard reason when
// the standard asks for one, and a note when the order will wait for approval. An employee whose
// replace-booker rule names colleagues picks who travels: the colleague's standard then applies.
import { useRef } from "react";
import { Alert, Card, Form, Radio, Select, Skeleton, Space, Typography } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { Controller, useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { FLIGHT_ORDER_PATHS, type BusinessCheck } from "../../domain/orders/flight-types";
import { FormField } from "../../components/FormField";
import { formatFen } from "../../domain/policy/fen";
import type { OrderFormValues } from "./order-form";
import { APPLICATION_PATHS } from "../../resources/travel-applications";
import { PeopleSelect, type Person } from "../../resources/employees/PeopleSelect";

interface Colleague {
  employeeId: number;
  realName: string | null;
  mobilePhone: string | null;
  departmentName: string | null;
  self: boolean;
}

const USABLE_APPLICATIONS = "/credit/apply_note/usable";

interface UsableApplication {
  id: number;
  noteNo: string;
  purpose: string;
  startDate: string;
  endDate: string;
  fromCity: string;
  toCities: string[];
}

type Fields = { control: Control<OrderFormValues> };

/**
 * selfName: the booker's name, for the choice of travelling themself. standardUnsupported: the
 * travel standard has no rules for this booking (international flights); the section says so
 * instead of a verdict, and the booker books for themself.
 */
export function BusinessSection({ fareKey, control, setValue, selfName, standardUnsupported }: { fareKey: string; setValue: UseFormSetValue<OrderFormValues>; selfName: string; standardUnsupported?: string } & Fields) {
  const t = useTranslate();
  const travelType = useWatch({ control, name: "travelType" });
  return (
    <Card className="tp-order__section" title={t("business.title")}>
      <FormField control={control} name="travelType" label={t("business.travelType")} className={travelType === "business" ? undefined : "tp-business__field--last"}>
        <Radio.Group
          optionType="button"
          options={[
            { value: "business", label: t("business.onBusiness") },
            { value: "private", label: t("business.private") },
          ]}
        />
      </FormField>
      {travelType === "business" && standardUnsupported ? <Alert type="info" showIcon message={standardUnsupported} data-testid="standard-unsupported" /> : null}
      {travelType === "business" && !standardUnsupported ? <TravellerSelect control={control} setValue={setValue} selfName={selfName} /> : null}
      {travelType === "business" && !standardUnsupported ? <BusinessRules fareKey={fareKey} control={control} /> : null}
    </Card>
  );
}

/**
 * Who travels on a business booking: the booker (the default) or a colleague they may book for.
 * Picking a colleague puts their name on the first passenger when it still holds the previous
 * traveller's name (or none), so the order is for the person the standard is checked for.
 */
function TravellerSelect({ control, setValue, selfName }: Fields & { setValue: UseFormSetValue<OrderFormValues>; selfName: string }) {
  const t = useTranslate();
  // Two people are enough to know whether there is anyone besides the booker; the picker
  // searches the rest on the server.
  const { query, result } = useCustom<{ list: Colleague[]; self: Colleague | null }>({
    url: APPLICATION_PATHS.travellers,
    method: "post",
    config: { payload: { pageNum: 1, pageSize: 2 } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false },
  });
  const reply = result.data as { list?: Colleague[]; self?: Colleague | null } | undefined;
  const list = reply?.list ?? [];
  const firstName = useWatch({ control, name: "passengers.0.name" });
  const picked = useRef(new Map<number, string>());
  // Only colleagues to choose from make the choice worth showing.
  if (!query.isLoading && !list.some((c) => !c.self)) return null;
  // An employee is on their own list; the administrator is not an employee and travels as themself.
  const me = reply?.self ?? undefined;
  const nameOf = (id: number | undefined) => (id === undefined ? (me?.realName ?? selfName) : (picked.current.get(id) ?? ""));
  const SELF = 0;
  return (
    <Controller
      control={control}
      name="forEmployeeId"
      render={({ field, fieldState }) => (
        <Form.Item label={t("business.traveller")} htmlFor="tp-traveller" validateStatus={fieldState.error ? "error" : undefined} help={fieldState.error?.message}>
          <PeopleSelect
            id="tp-traveller"
            source="travellers"
            style={{ maxWidth: 360 }}
            value={field.value ?? SELF}
            skip={(id: number) => id === me?.employeeId}
            before={[{ value: SELF, label: `${me ? (me.realName ?? me.mobilePhone ?? "") : selfName}（${t("business.travellerSelf")}）` }]}
            onChange={(v: number, person?: Person) => {
              if (person) picked.current.set(person.id, person.name);
              const next = v === SELF ? undefined : v;
              const before = nameOf(field.value);
              field.onChange(next);
              if (!firstName?.trim() || firstName.trim() === before) setValue("passengers.0.name", nameOf(next), { shouldValidate: false });
            }}
          />
        </Form.Item>
      )}
    />
  );
}

/** The standard's verdict on a fare for a business booking (one query, shared by whoever asks). */
export function useBusinessCheck(fareKey: string, enabled = true, forEmployeeId?: number) {
  const { query, result } = useCustom<BusinessCheck>({
    url: FLIGHT_ORDER_PATHS.businessCheck,
    method: "post",
    config: { payload: { fareKey, ...(forEmployeeId ? { forEmployeeId } : {}) } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false, enabled },
  });
  return { query, check: result.data as BusinessCheck | undefined };
}

function BusinessRules({ fareKey, control }: { fareKey: string } & Fields) {
  const t = useTranslate();
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  const { query, check } = useBusinessCheck(fareKey, true, forEmployeeId);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (query.error || !check) return <Alert type="error" showIcon message={query.error?.message ?? t("business.checkFailed")} />;
  return (
    <Space direction="vertical" size={12} style={{ width: "100%" }}>
      <div data-testid="standard-verdict">
        <Typography.Text type="secondary">{t("business.standard")}{check.tripLevelName ? `（${check.tripLevelName}）` : ""}：</Typography.Text>
        {check.over ? (
          <Typography.Text type="danger" strong>{t("business.over")}</Typography.Text>
        ) : (
          <Typography.Text type="success" strong>{check.configured ? t("business.within") : t("business.noStandard")}</Typography.Text>
        )}
        {check.over ? (
          <ul className="tp-business__reasons">
            {check.reasons.map((r) => <li key={r}><Typography.Text type="danger">{r}</Typography.Text></li>)}
          </ul>
        ) : null}
      </div>
      {check.refuse ? <Alert type="error" showIcon message={t("business.forbidden")} /> : null}
      {check.applicationRequired ? <ApplicationSelect control={control} /> : null}
      {check.needReason || (check.over && check.needApproval) ? (
        <FormField control={control} name="overReason" label={t("business.overReason")} required={check.needReason} className="tp-business__field--last">
          <Select placeholder={t("business.overReasonPlaceholder")} allowClear options={check.overReasons.map((r) => ({ value: r, label: r }))} style={{ maxWidth: 360 }} />
        </FormField>
      ) : null}
      {check.selfPayFen > 0 ? <Alert type="info" showIcon data-testid="self-pay" message={t("business.selfPay", { amount: formatFen(check.selfPayFen) })} /> : null}
      {check.needApproval ? <Alert type="warning" showIcon message={t("business.needApproval")} /> : null}
    </Space>
  );
}

function ApplicationSelect({ control }: Fields) {
  const t = useTranslate();
  const { query, result } = useCustom<{ list: UsableApplication[] }>({
    url: USABLE_APPLICATIONS,
    method: "post",
    config: { payload: { pageNum: 1, pageSize: 50 } },
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const list = (result.data as { list: UsableApplication[] } | undefined)?.list ?? [];
  return (
    <FormField control={control} name="applyId" label={t("business.application")} required className="tp-business__field--last">
      <Select
        loading={query.isLoading}
        placeholder={t("business.applicationPlaceholder")}
        notFoundContent={query.isLoading ? null : t("business.noApplication")}
        options={list.map((a) => ({ value: a.id, label: `${a.noteNo} · ${a.fromCity} → ${a.toCities.join("、")} · ${a.startDate} 至 ${a.endDate}` }))}
        style={{ maxWidth: 520 }}
      />
    </FormField>
  );
}
