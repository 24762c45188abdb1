// my_standard (/myCenter/my_standard, 7_0): the signed-in employee's own travel standard as
// readable sentences — flight cabins and fare caps, hotel caps by city tier, train seats, car use —
// what happens when a booking is over it, and the approval flows their trips and orders go through.
import { Alert, Button, Card, Col, Descriptions, Empty, List, Row, Skeleton, Space, Tag, Typography } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import type { OverAction, StandardSummary } from "../../domain/policy";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { retryUnlessRefused } from "../../resources/retry";

const MY_STANDARD_PATH = "/member/center/my_standard";

interface MyStandard {
  tripLevel: { id: number; name: string } | null;
  configured: boolean;
  overAction: OverAction;
  overActionLabel: string;
  summary: StandardSummary;
  carStandard: { name: string } | null;
  overReasons: string[];
  flows: { trip: string | null; order: string | null };
}

export default function MyStandardPage({ routeName }: { routeName: string }) {
  return (
    <WorkbenchFrame routeName={routeName}>
      <MyStandardView />
    </WorkbenchFrame>
  );
}

function MyStandardView() {
  const t = useTranslate();
  const { query, result } = useCustom<MyStandard>({ url: MY_STANDARD_PATH, method: "post", config: { payload: {} }, errorNotification: false, queryOptions: { retry: retryUnlessRefused } });
  const mine = result.data as MyStandard | undefined;

  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !mine) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("travel.loadError")}
        description={query.error?.message}
        action={<Button onClick={() => query.refetch()}>{t("travel.retry")}</Button>}
      />
    );
  }

  const section = (key: string, title: string, lines: string[]) => (
    <Col xs={24} lg={12} key={key}>
      <Card title={title} style={{ height: "100%" }} data-testid={`standard-${key}`}>
        {lines.length ? (
          <List size="small" split={false} dataSource={lines} renderItem={(line) => <List.Item style={{ paddingInline: 0 }}>{line}</List.Item>} />
        ) : (
          <Typography.Text type="secondary">{t("travel.standard.notSet")}</Typography.Text>
        )}
      </Card>
    </Col>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <Descriptions column={2} size="middle" data-testid="standard-head">
          <Descriptions.Item label={t("travel.standard.tripLevel")}>{mine.tripLevel?.name ?? t("travel.standard.noLevel")}</Descriptions.Item>
          <Descriptions.Item label={t("travel.standard.overAction")}>
            <Tag color={mine.overAction === "forbid" ? "red" : mine.overAction === "approve" ? "orange" : "blue"}>{mine.overActionLabel}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t("travel.standard.tripFlow")}>{mine.flows.trip ?? t("travel.standard.noFlow")}</Descriptions.Item>
          <Descriptions.Item label={t("travel.standard.orderFlow")}>{mine.flows.order ?? t("travel.standard.noFlow")}</Descriptions.Item>
          {mine.overAction === "reason" && (
            <Descriptions.Item label={t("travel.standard.overReasons")} span={2}>{mine.overReasons.join("、")}</Descriptions.Item>
          )}
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0, marginTop: 8 }}>
          {t(`travel.standard.overHelp.${mine.overAction}`)}
        </Typography.Paragraph>
      </Card>
      {mine.configured ? (
        <Row gutter={[16, 16]}>
          {section("air", t("travel.standard.air"), mine.summary.air)}
          {section("hotel", t("travel.standard.hotel"), mine.summary.hotel)}
          {section("train", t("travel.standard.train"), mine.summary.train)}
          {section("car", mine.carStandard ? t("travel.standard.carNamed", { name: mine.carStandard.name }) : t("travel.standard.car"), mine.summary.car)}
        </Row>
      ) : (
        <Card>
          <Empty description={t("travel.standard.empty")} />
        </Card>
      )}
    </Space>
  );
}
