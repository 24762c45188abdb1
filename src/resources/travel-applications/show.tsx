// ApplyDetails (/travel/apply/details?id=…): one of the applicant's trip applications with its
// approval — status, every level's approvers and outcome, the history — and 撤回 while it is
// pending (the buttons are the actions the shared state machine allows this viewer).
import { App, Button, Card, Result, Skeleton, Space, Typography } from "antd";
import { useOne, useTranslate } from "@refinedev/core";
import { useLocation } from "react-router";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { ApprovalStatusTag } from "../approvals/ApprovalStatusTag";
import { ApprovalProgress } from "../approvals/ApprovalProgress";
import { ApplicationSummary } from "./ApplicationSummary";
import type { ApplicationDetail } from "./index";
import { useRecordAction } from "../useRecordAction";
import { retryUnlessRefused } from "../retry";
import { LoadError } from "../LoadError";

export default function ApplyDetailsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const id = queryOf(useLocation().search).id ?? "";
  return (
    <WorkbenchFrame routeName={routeName}>
      {/^\d+$/.test(id) ? <Detail id={id} /> : <Result status="404" title={t("travel.app.notFound")} />}
    </WorkbenchFrame>
  );
}

function Detail({ id }: { id: string }) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const { query, result } = useOne<ApplicationDetail>({ resource: "travel-applications", id, errorNotification: false, queryOptions: { retry: retryUnlessRefused } });
  const action = useRecordAction("travel-applications");
  const app = result as ApplicationDetail | undefined;

  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !app) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  }

  const withdraw = () =>
    modal.confirm({
      title: t("travel.app.withdrawTitle"),
      content: t("travel.app.withdrawConfirm"),
      okText: t("travel.app.withdrawOk"),
      cancelText: t("travel.notNow"),
      okButtonProps: { danger: true },
      onOk: () => action.run(app.id, "withdraw", t("travel.app.withdrawn")),
    });

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 16, flexWrap: "wrap" }}>
          <Space size={[16, 8]} wrap>
            <ApprovalStatusTag status={app.approval.status} testId="application-status" />
            <Typography.Text>{t("travel.app.noteNoIs", { no: app.noteNo })}</Typography.Text>
            {app.approval.status === "pending" && (
              <Typography.Text type="secondary">{t("travel.app.atLevel", { level: app.approval.level, count: app.approval.levelCount })}</Typography.Text>
            )}
          </Space>
          <Space>
            {app.approval.actions.includes("withdraw") && (
              <Button danger onClick={withdraw} loading={action.pending}>
                {t("travel.app.withdraw")}
              </Button>
            )}
            <LinkButton to={pathFor("TravelApplicationList")}>{t("travel.app.backToList")}</LinkButton>
          </Space>
        </div>
      </Card>
      <Card title={t("travel.app.content")}>
        <ApplicationSummary app={app} />
      </Card>
      <ApprovalProgress approval={app.approval} />
    </Space>
  );
}
