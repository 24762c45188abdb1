// Recommended (/city/recommended): the member's referral code, the register link carrying it and
// its QR code (drawn in its own chunk), how many members registered with them as referrer, and
// those members, newest first, mobiles masked.
import { lazy, Suspense } from "react";
import { useCustom, type HttpError, useTranslate } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Alert, Button, Col, Empty, Row, Skeleton, Statistic, Table, Typography, type TableColumnsType } from "antd";
import { MEMBER_TYPE_LABELS } from "../../domain/member";
import { formatChinaTime } from "../../domain/format";
import { NETWORK_PATHS } from "../../domain/people/network-paths";
import type { RecommendInfo, RecommendedRow } from "../../domain/people/network";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useCodes } from "../../components/use-codes";

const QrCodeImage = lazy(() => import("../../layout/QrCodeImage"));

const nowrapCell = () => ({ style: { whiteSpace: "nowrap" as const } });
const nowrap = { onCell: nowrapCell, onHeaderCell: nowrapCell };

export default function RecommendedPage() {
  return (
    <WorkbenchFrame routeName="Recommended">
      <ReferralCard />
      <RecommendedList />
    </WorkbenchFrame>
  );
}

function ReferralCard() {
  const t = useTranslate();
  const r = (k: string, o?: Record<string, unknown>) => t(`network.recommend.${k}`, o);
  const { query, result } = useCustom<RecommendInfo>({ url: NETWORK_PATHS.recommendMember, method: "post", errorNotification: false });
  // The count is its own call so a new registration shows without reloading the link and code.
  const count = useCustom<{ count: number }>({ url: NETWORK_PATHS.recommendedCount, method: "post", errorNotification: false });
  const info = result.data as RecommendInfo | undefined;
  if (query.isLoading) return <div className="tp-frame__card" style={{ padding: 24, marginBottom: 16 }}><Skeleton active paragraph={{ rows: 4 }} /></div>;
  if (query.error || !info) {
    return (
      <Alert type="error" showIcon style={{ marginBottom: 16 }} message={r("infoError")} description={query.error?.message}
        action={<Button size="small" onClick={() => query.refetch()}>{r("retry")}</Button>} />
    );
  }
  const link = `${window.location.origin}${info.referralPath}`;
  const n = (count.result.data as { count: number } | undefined)?.count ?? info.recommendedCount;
  return (
    <div className="tp-frame__card" style={{ padding: 24, marginBottom: 16 }}>
      <Row gutter={[32, 16]} align="middle" wrap={false}>
        <Col flex="auto">
          <Row gutter={[32, 16]}>
            <Col span={12}>
              <Statistic title={r("myCode")} value={info.referralCode} groupSeparator="" formatter={(v) => String(v)} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r("myCodeHint")}</Typography.Text>
            </Col>
            <Col span={12}>
              <Statistic title={r("count")} value={n} suffix={r("countUnit") || undefined} />
            </Col>
            <Col span={24}>
              <Typography.Text type="secondary">{r("link")}</Typography.Text>
              <Typography.Paragraph copyable={{ text: link, tooltips: [r("copy"), r("copied")] }} style={{ marginTop: 4, marginBottom: 0, wordBreak: "break-all" }} aria-label={r("link")}>
                {link}
              </Typography.Paragraph>
            </Col>
          </Row>
        </Col>
        <Col flex="none" style={{ textAlign: "center" }}>
          <Suspense fallback={<Skeleton.Node active style={{ width: 148, height: 148 }} />}>
            <div role="img" aria-label={r("qr")}>
              <QrCodeImage value={link} size={148} bordered />
            </div>
          </Suspense>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: "block", marginTop: 6, maxWidth: 170 }}>{r("qrHint")}</Typography.Text>
        </Col>
      </Row>
    </div>
  );
}

function RecommendedList() {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const r = (k: string, o?: Record<string, unknown>) => t(`network.recommend.${k}`, o);
  const { tableProps, tableQuery } = useTable<RecommendedRow, HttpError>({ resource: "recommended-members", pagination: { pageSize: 10 }, syncWithLocation: true });
  const error = tableQuery.error;
  const columns: TableColumnsType<RecommendedRow> = [
    { ...nowrap, title: r("name"), dataIndex: "realName", key: "realName", render: (v: string | null) => v || <Typography.Text type="secondary">{r("noName")}</Typography.Text> },
    { ...nowrap, title: r("mobile"), dataIndex: "mobilePhone", key: "mobilePhone" },
    { ...nowrap, title: r("memberType"), dataIndex: "memberType", key: "memberType", render: (v: RecommendedRow["memberType"]) => codeLabel(MEMBER_TYPE_LABELS, v) },
    { ...nowrap, title: r("createTime"), dataIndex: "createTime", key: "createTime", render: formatChinaTime },
  ];
  return (
    <div className="tp-frame__card" style={{ paddingTop: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>{r("list")}</Typography.Title>
      {error && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={r("listError")} description={error.message}
          action={<Button size="small" onClick={() => tableQuery.refetch()}>{r("retry")}</Button>} />
      )}
      <Table<RecommendedRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => r("total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={r(error ? "listError" : "empty")} /> }}
      />
    </div>
  );
}
