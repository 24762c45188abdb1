// An audit row's change, readable: one line per field that differs, "field: before → after",
// with amounts in yuan and known fields and values named in the reader's language. Shared by the
// operator console's 审计日志 and the company administrator's 操作审计.
import { useTranslate } from "@refinedev/core";
import { Typography } from "antd";
import { moneyText } from "../../domain/money";
import { formatChinaTime } from "../../domain/format";

type Fields = Record<string, unknown>;

const isRecord = (v: unknown): v is Fields => !!v && typeof v === "object" && !Array.isArray(v);
/** Objects whose status is 1 active / 0 disabled; an order's or a statement's status is its own code. */
const ON_OFF_OBJECTS = new Set(["company", "member", "operator"]);
/** A stored instant (UTC, ISO 8601) is read in China time like every other time on the console. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
/** Amounts are integer fen in every record: shown as yuan. */
const isAmount = (key: string) => key.endsWith("Fen") || key === "domesticFlight" || key === "internationalFlight";

function useValueText(objectType: string | undefined) {
  const t = useTranslate();
  return (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === "") return "—";
    if (isAmount(key) && typeof v === "number" && Number.isInteger(v)) return moneyText(v);
    if (typeof v === "string" && ISO_INSTANT.test(v)) return formatChinaTime(v);
    if (key === "status" && (v === 0 || v === 1) && (!objectType || ON_OFF_OBJECTS.has(objectType))) return t(v === 1 ? "ops.audit.values.active" : "ops.audit.values.disabled");
    if (typeof v === "boolean") return t(v ? "ops.audit.values.yes" : "ops.audit.values.no");
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  };
}

export function AuditChange({ before, after, objectType }: { before: unknown; after: unknown; objectType?: string }) {
  const t = useTranslate();
  const text = useValueText(objectType);
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return <Typography.Text type="secondary">—</Typography.Text>;
    return <span>{`${text("", before)} → ${text("", after)}`}</span>;
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return (
    <div style={{ fontSize: 12, lineHeight: 1.6 }}>
      {keys.map((k) => {
        const changed = JSON.stringify(b[k]) !== JSON.stringify(a[k]);
        const label = t(`ops.audit.fields.${k}`, k);
        return (
          <div key={k} data-field={k}>
            <Typography.Text type="secondary">{label}{t("common.colon")}</Typography.Text>
            {k in b && changed ? (
              <>
                <Typography.Text delete>{text(k, b[k])}</Typography.Text> → <Typography.Text strong>{text(k, a[k])}</Typography.Text>
              </>
            ) : (
              <Typography.Text>{text(k, k in a ? a[k] : b[k])}</Typography.Text>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** An audit action's name in the reader's language, or its key when it has none yet. */
export function useAuditActionText() {
  const t = useTranslate();
  return (action: string) => t(`ops.audit.actions.${action}`, action);
}
