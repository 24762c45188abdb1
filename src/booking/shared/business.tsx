// The order page's business part for a company member, for every product: 出行类型 因公/因私; for
// 因公 the travel standard's verdict on what was chosen (超出差旅标准 with why, in red, or 符合差旅
// 标准), the approved trip applications to pick from when the company requires one, the
// over-standard reason when the standard asks for one, and a note when the order will wait for
// approval. Each product's page names its check (the server's path and what it is asked about);
// the page's schema reads the same check's answer through useStandardCheck, one query shared by both.
import type { ReactNode } from "react";
import { Alert, Card, Radio, Select, Skeleton, Space, Typography } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { useWatch, type Control } from "react-hook-form";
import type { BusinessCheck } from "../../domain/orders/business-types";
import { FormField } from "../../components/FormField";
import { APPLICATION_PATHS } from "../../domain/application-paths";
import "../../components/orders/order.css";
import { formatFen } from "../../domain/money";

/** The business fields of any product's order form. */
export interface BusinessFields {
  /** Company members: 因公 (business) or 因私 (private). */
  travelType?: "business" | "private";
  applyId?: number;
  overReason?: string;
  /** A colleague booked for (replace-booking): their applications are the ones to book against. */
  forEmployeeId?: number;
}

/** A product's standard check: the server's path and what it is asked about. */
export interface StandardCheckRequest {
  url: string;
  payload: Record<string, unknown>;
}

interface UsableApplication {
  id: number;
  noteNo: string;
  purpose: string;
  startDate: string;
  endDate: string;
  fromCity: string;
  toCities: string[];
}

/** The standard's verdict on an offer for a business booking (one query, shared by whoever asks). */
export function useStandardCheck(request: StandardCheckRequest, enabled = true) {
  const { query, result } = useCustom<BusinessCheck>({
    url: request.url,
    method: "post",
    config: { payload: request.payload },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false, enabled },
  });
  return { query, check: result.data as BusinessCheck | undefined };
}

type Fields = { control: Control<BusinessFields> };

/**
 * check: the product's standard check (none: the standard has no rules for this booking, as for
 * international flights; standardUnsupported then says so instead of a verdict). forbiddenText:
 * what a refused booking is told (所选航班/席别/房型超出您的差旅标准…). traveller: who travels,
 * for a booker who may book for colleagues.
 */
export function BusinessSection({ control, check, forbiddenText, traveller, standardUnsupported }: Fields & {
  check?: StandardCheckRequest;
  forbiddenText?: string;
  traveller?: ReactNode;
  standardUnsupported?: string;
}) {
  const t = useTranslate();
  const travelType = useWatch({ control, name: "travelType" });
  const business = travelType === "business";
  return (
    <Card className="tp-order__section" title={t("business.title")}>
      <FormField control={control} name="travelType" label={t("business.travelType")} className={business ? undefined : "tp-business__field--last"}>
        <Radio.Group
          optionType="button"
          options={[
            { value: "business", label: t("business.onBusiness") },
            { value: "private", label: t("business.private") },
          ]}
        />
      </FormField>
      {business && standardUnsupported ? <Alert type="info" showIcon message={standardUnsupported} data-testid="standard-unsupported" /> : null}
      {business && !standardUnsupported ? traveller : null}
      {business && !standardUnsupported && check ? <BusinessRules control={control} check={check} forbiddenText={forbiddenText ?? t("business.forbidden")} /> : null}
    </Card>
  );
}

function BusinessRules({ control, check: request, forbiddenText }: Fields & { check: StandardCheckRequest; forbiddenText: string }) {
  const t = useTranslate();
  const { query, check } = useStandardCheck(request);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (query.error || !check) return <Alert type="error" showIcon message={query.error?.message ?? t("business.checkFailed")} />;
  return (
    <Space direction="vertical" size={12} style={{ width: "100%" }}>
      <div data-testid="standard-verdict">
        <Typography.Text type="secondary">{t("business.standard")}{check.tripLevelName ? t("common.parenthesized", { text: check.tripLevelName }) : ""}{t("common.colon")}</Typography.Text>
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
      {check.refuse ? <Alert type="error" showIcon message={forbiddenText} /> : null}
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
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  const { query, result } = useCustom<{ list: UsableApplication[] }>({
    url: APPLICATION_PATHS.usable,
    method: "post",
    config: { payload: { pageNum: 1, pageSize: 50, ...(forEmployeeId ? { forEmployeeId } : {}) } },
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
