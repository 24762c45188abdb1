// A menu item's label with the count of its queue beside it (an antd Badge), asked of the item's
// countUrl when the menu shows and every half minute; a failed count shows no badge rather than
// an error, since the page itself says what went wrong.
import { useCustom, type HttpError } from "@refinedev/core";
import { Badge, Space } from "antd";

const COUNT_REFRESH_MS = 30_000;

export function MenuCount({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { result } = useCustom<{ count: number }, HttpError>({
    url,
    method: "post",
    errorNotification: false,
    queryOptions: { refetchInterval: COUNT_REFRESH_MS, retry: false },
  });
  const count = result?.data?.count ?? 0;
  return (
    <Space size={6}>
      <span>{label}</span>
      <Badge count={count} size="small" data-testid={testId} />
    </Space>
  );
}
