// An approval's status as a coloured tag, in the page's language.
import { Tag } from "antd";
import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from "../../domain/approval";
import { useCodes } from "../../components/use-codes";

const COLORS: Record<ApprovalStatus, string> = {
  draft: "default",
  pending: "processing",
  approved: "success",
  rejected: "error",
  withdrawn: "default",
};

export function ApprovalStatusTag({ status, testId }: { status: ApprovalStatus; testId?: string }) {
  const { codeLabel } = useCodes();
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {codeLabel(APPROVAL_STATUS_LABELS, status) ?? status}
    </Tag>
  );
}
