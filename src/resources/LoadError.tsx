// A page whose data did not load: a refusal (not found, forbidden) is said as it is, since trying
// again would not change it; any other failure offers a retry.
import { Alert, Button, Result } from "antd";
import type { HttpError } from "@refinedev/core";
import { useTranslate } from "@refinedev/core";

export function LoadError({ error, onRetry }: { error: HttpError | null | undefined; onRetry: () => void }) {
  const t = useTranslate();
  const status = Number(error?.statusCode);
  if (status === 403 || status === 404) return <Result status={status === 403 ? "403" : "404"} title={error?.message} />;
  return (
    <Alert
      type="error"
      showIcon
      message={t("travel.loadError")}
      description={error?.message}
      action={<Button onClick={onRetry}>{t("travel.retry")}</Button>}
    />
  );
}
