// message_centre (/myCenter/messages): the member's messages, newest first, paged by the server
// and filtered by kind and read state. Each message reads in the reader's language (rendered
// from its kind and params), links to its order or approval, and can be marked read; opening
// its link marks it read too. 全部标为已读 clears the lot. The header's bell refreshes with them.
import { useCustomMutation, useInvalidate, useTranslate, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Badge, Button, Empty, Form, Select, Space, Table, Typography, type TableColumnsType } from "antd";
import { CheckOutlined, SearchOutlined, SettingOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { NOTICE_KINDS, NOTICE_PATHS, renderNotice, type NoticeRow } from "../../domain/notifications";
import { formatChinaTime } from "../../domain/format";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useLang } from "../../layout/session";
import { pathFor } from "../../access/routes";
import { noticeLink, UNREAD_QUERY } from ".";

export default function MessageCentrePage() {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName="message_centre" extra={<Link to={pathFor("notice_settings")}><SettingOutlined /> {t("noticeSettings.mine.title")}</Link>}>
      <MessageList />
    </WorkbenchFrame>
  );
}

interface Filters {
  kind?: string;
  isRead?: string;
}

function MessageList() {
  const t = useTranslate();
  const lang = useLang();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const { tableProps, searchFormProps, filters, tableQuery } = useTable<NoticeRow, HttpError, Filters>({
    resource: "notifications",
    pagination: { pageSize: 10 },
    syncWithLocation: true,
    onSearch: (v): CrudFilter[] => [
      { field: "kind", operator: "eq", value: v.kind || undefined },
      { field: "isRead", operator: "eq", value: v.isRead || undefined },
    ],
  });
  const { mutateAsync, mutation } = useCustomMutation();
  const refresh = () => {
    void invalidate({ resource: "notifications", invalidates: ["list"] });
    void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY });
  };
  const markRead = (id: number) =>
    mutateAsync({ url: NOTICE_PATHS.read, method: "post", values: { id }, successNotification: false })
      .then(refresh)
      .catch(() => undefined);
  const markAll = () =>
    mutateAsync({ url: NOTICE_PATHS.readAll, method: "post", values: {}, successNotification: () => ({ message: t("messageCentre.allReadDone"), type: "success" }) })
      .then(refresh)
      .catch(() => undefined);
  const filtered = filters.some((f) => "field" in f && f.value !== undefined && f.value !== "");
  const error = tableQuery.error;
  const columns: TableColumnsType<NoticeRow> = [
    { title: t("messageCentre.time"), dataIndex: "createTime", key: "createTime", width: 150, render: formatChinaTime, onCell: () => ({ style: { whiteSpace: "nowrap" } }) },
    {
      title: t("messageCentre.content"), key: "content",
      render: (_: unknown, r) => {
        const { title, body } = renderNotice(r.kind, r.params, lang);
        return (
          <Space direction="vertical" size={2}>
            <Space size={6}>
              {!r.isRead && <Badge status="processing" aria-label={t("messageCentre.unread")} />}
              <Typography.Text strong={!r.isRead}>{title}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">{body}</Typography.Text>
          </Space>
        );
      },
    },
    {
      title: t("messageCentre.actions"), key: "actions", width: 200,
      render: (_: unknown, r) => {
        const to = noticeLink(r);
        return (
          <Space size={4}>
            {to && (
              <Link to={to} onClick={() => (r.isRead ? undefined : void markRead(r.id))}>
                {t(r.subjectType === "approval" ? "messageCentre.openApproval" : "messageCentre.openOrder")}
              </Link>
            )}
            {!r.isRead && (
              <Button type="link" size="small" onClick={() => void markRead(r.id)} loading={mutation.isPending}>
                {t("messageCentre.markRead")}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];
  return (
    <div className="tp-frame__card" style={{ paddingTop: 20 }}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 16 }} wrap>
        <Form {...searchFormProps} layout="inline" style={{ rowGap: 12 }} aria-label={t("messageCentre.searchForm")}>
          <Form.Item name="kind" label={t("messageCentre.kind")}>
            <Select allowClear placeholder={t("messageCentre.all")} style={{ width: 170 }} options={NOTICE_KINDS.map((k) => ({ value: k, label: renderNotice(k, null, lang).title }))} />
          </Form.Item>
          <Form.Item name="isRead" label={t("messageCentre.readState")}>
            <Select allowClear placeholder={t("messageCentre.all")} style={{ width: 110 }} options={[{ value: "0", label: t("messageCentre.unread") }, { value: "1", label: t("messageCentre.read") }]} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t("messageCentre.search")}</Button>
          </Form.Item>
        </Form>
        <Button icon={<CheckOutlined />} onClick={() => void markAll()} loading={mutation.isPending}>{t("messageCentre.markAllRead")}</Button>
      </Space>
      {error && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t("messageCentre.listError")} description={error.message}
          action={<Button size="small" onClick={() => tableQuery.refetch()}>{t("messageCentre.retry")}</Button>} />
      )}
      <Table<NoticeRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: (n) => t("messageCentre.total", { count: n }) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? "messageCentre.listError" : filtered ? "messageCentre.noMatch" : "messageCentre.empty")} /> }}
      />
    </div>
  );
}
