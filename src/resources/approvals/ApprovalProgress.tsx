// An approval's progress as applicant and approvers both see it: every level with its approvers
// and outcome, the deadline of the level waiting now, and the history of every step (who, when,
// what they said).
import { Card, Empty, Space, Steps, Timeline, Typography } from "antd";
import { APPROVAL_ACTION_LABELS } from "../../domain/approval";
import { formatChinaTime } from "../../domain/format";
import type { ApprovalLevel, ApprovalView } from "./index";
import { useTranslate } from "@refinedev/core";
import { useCodes } from "../../components/use-codes";

const STEP_STATUS: Record<ApprovalLevel["state"], "finish" | "process" | "wait" | "error"> = {
  done: "finish",
  current: "process",
  waiting: "wait",
  skipped: "wait",
};

export function ApprovalProgress({ approval }: { approval: ApprovalView }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const levels = approval.levels;
  const stepStatus = (l: ApprovalLevel) => (l.decision?.action === "reject" || l.decision?.action === "expire" ? "error" : STEP_STATUS[l.state]);
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card title={t("travel.approval.progress")} extra={approval.flowName && <Typography.Text type="secondary">{approval.flowName}</Typography.Text>}>
        {levels.length ? (
          <Steps
            direction="vertical"
            size="small"
            data-testid="approval-levels"
            items={levels.map((l) => ({
              status: stepStatus(l),
              title: t("travel.approval.level", { level: l.level }),
              subTitle: l.approvers.map((a) => a.name).join("、") || t("travel.approval.noApprover"),
              description: (
                <div>
                  {l.decision ? (
                    <>
                      <div>
                        {codeLabel(APPROVAL_ACTION_LABELS, l.decision.action) ?? l.decision.actionLabel} · {l.decision.actorName} · {formatChinaTime(l.decision.time)}
                      </div>
                      {l.decision.comment && <div>{t("travel.approval.commentIs", { comment: l.decision.comment })}</div>}
                    </>
                  ) : l.state === "current" ? (
                    t("travel.approval.waitingNow")
                  ) : l.state === "waiting" ? (
                    t("travel.approval.notReached")
                  ) : (
                    t("travel.approval.skipped")
                  )}
                  {l.escalatedToAdmin && <div>{t("travel.approval.escalated")}</div>}
                  {l.state === "current" && approval.countdown && (
                    <div>
                      <Typography.Text type="warning">
                        {t(approval.countdown.kind === "fare" ? "travel.approval.fareDeadline" : "travel.approval.levelDeadline", { time: formatChinaTime(approval.countdown.at) })}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("travel.approval.notSubmitted")} />
        )}
      </Card>
      <Card title={t("travel.approval.history")}>
        {approval.history.length ? (
          <Timeline
            data-testid="approval-history"
            items={approval.history.map((s) => ({
              color: s.action === "reject" || s.action === "expire" ? "red" : s.action === "approve" || s.action === "autoApprove" ? "green" : s.action === "withdraw" ? "gray" : "blue",
              children: (
                <div>
                  <Typography.Text strong>{codeLabel(APPROVAL_ACTION_LABELS, s.action) ?? s.actionLabel}</Typography.Text>
                  <Typography.Text type="secondary">
                    {" "}
                    · {s.actorName ?? t("travel.approval.system")} · {formatChinaTime(s.createTime)}
                  </Typography.Text>
                  {s.comment && <div>{t("travel.approval.commentIs", { comment: s.comment })}</div>}
                </div>
              ),
            }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("travel.approval.noHistory")} />
        )}
      </Card>
    </Space>
  );
}
