// The bell itself: the unread count read from the server now and then (and at once whenever the
// message centre marks something read, and on every new page), a badge over a bell icon, a link to the centre.
import { useEffect } from "react";
import { useCustom, useTranslate } from "@refinedev/core";
import { Badge } from "antd";
import { BellOutlined } from "@ant-design/icons";
import { Link, useLocation } from "react-router";
import { NOTICE_PATHS } from "../domain/notice-paths";
import { messageCentrePath, UNREAD_QUERY } from "../resources/notifications";
import { BELL_WIDTH } from "./bell-width";

/** How often the count is read again while a page stays open; focus and navigation read it too. */
const POLL_MS = 15_000;

export default function NoticeBellBadge({ dark }: { dark: boolean }) {
  const t = useTranslate();
  const { pathname } = useLocation();
  const { result, query } = useCustom<{ count: number }>({
    url: NOTICE_PATHS.unread,
    method: "post",
    errorNotification: false,
    queryOptions: { queryKey: [...UNREAD_QUERY], refetchInterval: POLL_MS, refetchOnWindowFocus: true, retry: false, staleTime: 0 },
  });
  // A new page is a moment the member looks: the count should be today's, not the last poll's.
  const { refetch } = query;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const count = (result.data as { count: number } | undefined)?.count ?? 0;
  return (
    <Link to={messageCentrePath()} className={`tp-hlink${dark ? " tp-btn-on-dark" : ""}`} aria-label={t("header.unreadCount", { count })} data-testid="notice-bell" style={{ width: BELL_WIDTH, padding: 0, justifyContent: "center" }}>
      <Badge count={count} size="small" overflowCount={99} offset={[2, -2]}>
        <BellOutlined style={{ fontSize: 16, color: "inherit" }} />
      </Badge>
    </Link>
  );
}
