// What a trip application asks for: purpose, dates, route, travellers, modes, budget. Shown to
// the applicant (ApplyDetails) and to the approver (AuditDetails).
import { Descriptions, Space, Tag } from "antd";
import { TRAVEL_MODES, TRIP_SCOPES } from "../../domain/policy";
import { formatChinaTime } from "../../domain/format";
import type { ApplicationView } from "./index";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";
import { moneyText } from "../../domain/money";

export function ApplicationSummary({ app, applicantName }: { app: ApplicationView; applicantName?: string }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const people = [
    ...app.travellers.employees.map((e) => e.name),
    ...app.travellers.externals.map((x) => t("travel.app.externalName", { name: x.name })),
  ];
  return (
    <Descriptions column={2} bordered size="middle" labelStyle={{ width: 120, whiteSpace: "nowrap" }} data-testid="application-summary">
      <Descriptions.Item label={t("travel.app.noteNo")}>{app.noteNo}</Descriptions.Item>
      <Descriptions.Item label={t("travel.app.scope")}>{codeLabel(TRIP_SCOPES, app.scope)}</Descriptions.Item>
      <Descriptions.Item label={t("travel.app.purpose")} span={2}>{app.purpose}</Descriptions.Item>
      <Descriptions.Item label={t("travel.app.dates")}>{t("travel.app.dateRange", { start: app.startDate, end: app.endDate })}</Descriptions.Item>
      <Descriptions.Item label={t("travel.app.route")}>{`${app.fromCity} → ${app.toCities.join("、")}`}</Descriptions.Item>
      <Descriptions.Item label={t("travel.app.travellers")}>{people.join("、") || "—"}</Descriptions.Item>
      <Descriptions.Item label={t("travel.app.modes")}>
        <Space size={[4, 4]} wrap>
          {app.modes.map((m) => (
            <Tag key={m} style={{ marginInlineEnd: 0 }}>{codeLabel(TRAVEL_MODES, m)}</Tag>
          ))}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t("travel.app.budget")}>{moneyText(app.budgetFen)}</Descriptions.Item>
      <Descriptions.Item label={applicantName ? t("travel.app.applicant") : t("travel.app.createTime")}>
        {applicantName ? `${applicantName} · ${formatChinaTime(app.createTime)}` : formatChinaTime(app.createTime)}
      </Descriptions.Item>
      {app.remark && <Descriptions.Item label={t("travel.app.remark")} span={2}>{app.remark}</Descriptions.Item>}
    </Descriptions>
  );
}
