// A fare's refund and change fees per window before departure, and its baggage.
import { Table } from "antd";
import { useTranslate } from "@refinedev/core";
import type { RuleLine } from "../../domain/travel/air-rules";

export function RuleLinesTable({ lines, baggage }: { lines: readonly RuleLine[]; baggage: string }) {
  const t = useTranslate();
  return (
    <div className="tp-bk-rules">
      <Table
        size="small"
        pagination={false}
        rowKey="window"
        dataSource={[...lines]}
        columns={[
          { title: t("search.flight.ruleWindow"), dataIndex: "window" },
          { title: t("search.flight.refundFee"), dataIndex: "refundPercent", render: (p: number) => (p ? `${t("search.flight.ticketPrice")} ${p}%` : t("search.flight.free")) },
          { title: t("search.flight.changeFee"), dataIndex: "changePercent", render: (p: number) => (p ? `${t("search.flight.ticketPrice")} ${p}%` : t("search.flight.free")) },
        ]}
      />
      <p className="tp-bk-rules__note">{baggage}</p>
    </div>
  );
}
