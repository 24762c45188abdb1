// AuditDetails (/travel/audit/details?id=…): one approval as its approver sees it — the trip
// application, every level's approvers and outcome, the history — and, when it is this approver's
// turn, 同意 or 驳回 with a comment (required to reject), checked with the server's own schema.
// The decision names the level the approver saw, so a level that moved on meanwhile is refused.
import { useState } from "react";
import { Alert, App, Button, Card, Form, Input, Result, Skeleton, Space, Typography } from "antd";
import { useInvalidate, useOne, useTranslate, type BaseRecord, type HttpError } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { useLocation } from "react-router";
import { decisionFormSchema } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { FormField, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver, unshownProblem } from "../../components/form-errors";
import { useLatest } from "../../components/use-latest";
import { ApplicationSummary } from "../travel-applications/ApplicationSummary";
import { ApprovalProgress } from "./ApprovalProgress";
import { OrderSummary } from "./OrderSummary";
import { ApprovalStatusTag } from "./ApprovalStatusTag";
import { APPROVAL_DECISIONS, type ApprovalDetail } from "./index";
import { retryUnlessRefused } from "../retry";
import { LoadError } from "../LoadError";

export default function AuditDetailsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const id = queryOf(useLocation().search).id ?? "";
  return (
    <WorkbenchFrame routeName={routeName}>
      {/^\d+$/.test(id) ? <Detail id={id} /> : <Result status="404" title={t("travel.audit.notFound")} />}
    </WorkbenchFrame>
  );
}

function Detail({ id }: { id: string }) {
  const t = useTranslate();
  const { query, result } = useOne<ApprovalDetail>({ resource: "approvals", id, errorNotification: false, queryOptions: { retry: retryUnlessRefused } });
  const approval = result as ApprovalDetail | undefined;

  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (query.error || !approval) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  const canDecide = approval.actions.includes("approve") || approval.actions.includes("reject");

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 16, flexWrap: "wrap" }}>
          <Space size={[16, 8]} wrap>
            <ApprovalStatusTag status={approval.status} testId="approval-status" />
            <Typography.Text strong>{approval.title}</Typography.Text>
            {approval.status === "pending" && (
              <Typography.Text type="secondary">{t("travel.app.atLevel", { level: approval.level, count: approval.levelCount })}</Typography.Text>
            )}
          </Space>
          <LinkButton to={pathFor(approval.subjectType === "order" ? "OrderAuditIndex" : "TravelAuditIndex")}>{t("travel.audit.backToList")}</LinkButton>
        </div>
      </Card>
      {canDecide && <DecisionForm approval={approval} />}
      <Card title={t(approval.order ? "business.orderTitle" : "travel.app.content")}>
        {approval.subject ? (
          <ApplicationSummary app={approval.subject} applicantName={approval.applicantName} />
        ) : approval.order ? (
          <OrderSummary order={approval.order} applicantName={approval.applicantName} approvalId={approval.id} />
        ) : (
          <Typography.Text>{approval.title}</Typography.Text>
        )}
      </Card>
      <ApprovalProgress approval={approval} />
    </Space>
  );
}

type Action = "approve" | "reject";
interface DecisionValues {
  comment: string;
}

function DecisionForm({ approval }: { approval: ApprovalDetail }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [acting, setActing] = useState<Action | null>(null);
  // The button pressed decides what the schema checks (a rejection needs its comment).
  const action = useLatest<Action>("approve");
  // Refine sends the decision: a create on the approval-decisions resource.
  const {
    control, handleSubmit, setError, reset, watch,
    refineCore: { onFinish, formLoading },
  } = useForm<BaseRecord, HttpError, DecisionValues>({
    resolver: schemaResolver<DecisionValues>(() => decisionFormSchema, {
      raw: true,
      input: (v) => ({ approvalId: approval.id, action: action.get(), level: approval.level, comment: v.comment.trim() || undefined }),
    }),
    defaultValues: { comment: "" },
    warnWhenUnsavedChanges: false,
    // A refusal's field message is placed by applyRefusal; the rest shows on the refusal line.
    disableServerSideValidation: true,
    refineCoreProps: { resource: APPROVAL_DECISIONS, action: "create", ...QUIET_SAVE },
  });
  const state = useSubmitState(watch);

  const send = (input: unknown) =>
    state.run(async () => {
      const chosen = action.get();
      setActing(chosen);
      try {
        await onFinish(input as DecisionValues);
        message.success(t(chosen === "approve" ? "travel.audit.approved" : "travel.audit.rejected"));
        reset();
        invalidate({ resource: "approvals", invalidates: ["list", "detail"], id: approval.id });
        invalidate({ resource: "travel-applications", invalidates: ["list"] });
        invalidate({ resource: "flight-orders", invalidates: ["list", "detail"] });
        return null;
      } catch (e) {
        applyRefusal<DecisionValues>(e, ["comment"], setError);
        // The approval may have moved on (another approver, a deadline): show where it stands.
        invalidate({ resource: "approvals", invalidates: ["detail"], id: approval.id });
        return (e as { message?: string }).message ?? String(e);
      } finally {
        setActing(null);
      }
    });
  const decide = (chosen: Action) => {
    action.set(chosen);
    // The resolver hands on the decision it checked.
    void handleSubmit((input) => send(input), (errors) => state.setRefusal(unshownProblem(errors, ["comment"])))();
  };

  return (
    <Card title={t("travel.audit.decision")} data-testid="decision">
      <Form layout="vertical" component="div">
        <FormField control={control} name="comment" label={t("travel.audit.comment")} extra={t("travel.audit.commentHelp")}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t("travel.audit.commentPlaceholder")} />
        </FormField>
        {state.refusal && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t("travel.audit.refused")} description={state.refusal} />}
        <Space>
          <Button type="primary" onClick={() => decide("approve")} loading={acting === "approve" && formLoading} disabled={acting === "reject"}>
            {t("travel.audit.approve")}
          </Button>
          <Button danger onClick={() => decide("reject")} loading={acting === "reject" && formLoading} disabled={acting === "approve"}>
            {t("travel.audit.reject")}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
