// One company's terms in a drawer over the list: what it has (credit line and use, settlement
// day and the next statement date, the service fee table) and a form per term. Saving one reads
// the company again, and its list, through Refine.
import { useOne, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Descriptions, Divider, Drawer, Input, InputNumber, Skeleton, Tag } from "antd";
import { formatFen, moneyText, parseYuan, yuanText } from "../../domain/money";
import { SETTLEMENT_DAY_MAX, SETTLEMENT_DAY_MIN } from "../../domain/settlement/period";
import { SERVICE_FEE_PRODUCTS, opsCreditLimitSchema, opsServiceFeesSchema, opsSettlementDaySchema, type OpsCompanyDetail } from "../../domain/ops/companies";
import { TermForm } from "./term-form";
import { OPS_COMPANIES } from ".";

/** Typed yuan as fen, or the text itself so the schema refuses it with its own message. */
const fen = (text: string): number | string => parseYuan(text) ?? text;

export function OpsCompanyDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslate();
  const { result, query } = useOne<OpsCompanyDetail, HttpError>({ resource: OPS_COMPANIES, id: id ?? 0, queryOptions: { enabled: id !== null } });
  const c = id !== null ? result : undefined;
  return (
    <Drawer open={id !== null} onClose={onClose} width={720} title={c?.name ?? t("ops.companies.detail")} destroyOnHidden>
      {query.isError ? (
        <Alert type="error" showIcon message={query.error?.message ?? t("ops.loadFailed")} />
      ) : !c || query.isLoading ? (
        <Skeleton active />
      ) : (
        <CompanyTerms company={c} refresh={() => void query.refetch()} />
      )}
    </Drawer>
  );
}

function CompanyTerms({ company: c, refresh }: { company: OpsCompanyDetail; refresh: () => void }) {
  const t = useTranslate();
  return (
    <div>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t("ops.companies.creditCode")}>{c.creditCode ?? "—"}</Descriptions.Item>
        <Descriptions.Item label={t("ops.companies.status")}>
          {c.status === 1 ? <Tag color="green">{t("ops.companies.active")}</Tag> : <Tag color="red">{t("ops.companies.disabled")}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t("ops.companies.admin")}>{c.adminName ? `${c.adminName} ${c.adminMobile ?? ""}` : "—"}</Descriptions.Item>
        <Descriptions.Item label={t("ops.companies.employees")}>{c.employeeCount}</Descriptions.Item>
        <Descriptions.Item label={t("ops.companies.creditLimit")}>{moneyText(c.creditLimitFen)}</Descriptions.Item>
        <Descriptions.Item label={t("ops.companies.creditUsed")}>{moneyText(c.creditUsedFen)}</Descriptions.Item>
        <Descriptions.Item label={t("ops.companies.settlementDay")}>{c.settlementDay === null ? t("ops.companies.notSet") : t("ops.companies.dayN", { day: c.settlementDay })}</Descriptions.Item>
        <Descriptions.Item label={t("ops.companies.nextSettlement")}>{c.nextSettlementDate ?? "—"}</Descriptions.Item>
      </Descriptions>

      <Divider orientation="left">{t("ops.companies.creditLimit")}</Divider>
      <TermForm
        company={c}
        action="creditLimit"
        schema={() => opsCreditLimitSchema}
        ariaLabel={t("ops.companies.creditLimitForm")}
        fields={[{ name: "creditLimitYuan", label: t("ops.companies.newLimitYuan"), value: yuanText(c.creditLimitFen), input: <Input style={{ width: 180 }} maxLength={16} inputMode="decimal" />, extra: t("ops.companies.limitRule", { used: formatFen(c.creditUsedFen) }) }]}
        schemaField={{ creditLimitYuan: "creditLimitFen" }}
        payload={(v) => ({ creditLimitFen: fen(v.creditLimitYuan) })}
        confirm={(p) => t("ops.companies.creditLimitConfirm", { from: formatFen(c.creditLimitFen), to: typeof p.creditLimitFen === "number" ? formatFen(p.creditLimitFen) : "" })}
        onSaved={refresh}
      />

      <Divider orientation="left">{t("ops.companies.settlementDay")}</Divider>
      <TermForm
        company={c}
        action="settlementDay"
        schema={() => opsSettlementDaySchema}
        ariaLabel={t("ops.companies.settlementDayForm")}
        fields={[{ name: "settlementDay", label: t("ops.companies.settlementDay"), value: c.settlementDay === null ? "" : String(c.settlementDay), input: <InputNumber min={SETTLEMENT_DAY_MIN} max={SETTLEMENT_DAY_MAX} precision={0} style={{ width: 120 }} />, extra: t("ops.companies.dayRule") }]}
        payload={(v) => ({ settlementDay: v.settlementDay === null || v.settlementDay === "" ? undefined : String(v.settlementDay) })}
        onSaved={refresh}
      />

      <Divider orientation="left">{t("ops.companies.serviceFees")}</Divider>
      <TermForm
        company={c}
        action="serviceFees"
        schema={() => opsServiceFeesSchema}
        ariaLabel={t("ops.companies.serviceFeesForm")}
        fields={SERVICE_FEE_PRODUCTS.map((p) => ({
          name: `${p}Yuan`,
          label: t(`ops.companies.fee.${p}`),
          value: yuanText(c.serviceFees[p]),
          input: <Input style={{ width: 150 }} maxLength={10} inputMode="decimal" addonAfter={t("ops.companies.perTicket")} />,
        }))}
        schemaField={Object.fromEntries(SERVICE_FEE_PRODUCTS.map((p) => [`${p}Yuan`, p]))}
        payload={(v) => Object.fromEntries(SERVICE_FEE_PRODUCTS.map((p) => [p, fen(v[`${p}Yuan`])]))}
        onSaved={refresh}
      />
    </div>
  );
}
