// The company's group robots on the NoticeSettings page: each robot's platform, name, masked
// webhook and whether a secret is set; added and edited in a dialog, deleted after confirming.
import { useState } from "react";
import { useTable } from "@refinedev/antd";
import { useDelete, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, App, Button, Empty, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { formatChinaTime } from "../../domain/format";
import { RobotDialog } from "./RobotDialog";
import { NOTICE_ROBOTS, type RobotRow } from ".";

export function RobotList() {
  const t = useTranslate();
  const [editing, setEditing] = useState<RobotRow | null | undefined>(undefined);
  const { tableProps, tableQuery } = useTable<RobotRow, HttpError>({ resource: NOTICE_ROBOTS, pagination: { mode: "off" }, syncWithLocation: false });
  const { modal, message } = App.useApp();
  const { mutateAsync: remove } = useDelete<RobotRow, HttpError>();
  // Refine's delete refreshes the list; the dialog stays busy until the server answers.
  const confirmDelete = (row: RobotRow) =>
    modal.confirm({
      title: t("noticeSettings.robots.deleteTitle", { name: row.name }), content: t("noticeSettings.robots.deleteText"),
      okText: t("noticeSettings.robots.delete"), cancelText: t("common.cancel"), okButtonProps: { danger: true },
      onOk: () =>
        remove({ resource: NOTICE_ROBOTS, id: row.id, successNotification: false, errorNotification: false }).then(
          () => void message.success(t("noticeSettings.robots.deleted")),
          (e: HttpError) => void message.error(e.message),
        ),
    });
  const error = tableQuery.error;
  const columns: TableColumnsType<RobotRow> = [
    { title: t("noticeSettings.robots.name"), dataIndex: "name", key: "name" },
    { title: t("noticeSettings.robots.platform"), dataIndex: "platform", key: "platform", width: 110, render: (p: RobotRow["platform"]) => <Tag>{t(`noticeSettings.platform.${p}`)}</Tag> },
    { title: t("noticeSettings.robots.url"), dataIndex: "url", key: "url", ellipsis: true, render: (u: string) => <Typography.Text type="secondary" title={u}>{u}</Typography.Text> },
    { title: t("noticeSettings.robots.secret"), dataIndex: "hasSecret", key: "hasSecret", width: 100, render: (s: boolean) => t(s ? "noticeSettings.robots.secretSet" : "noticeSettings.robots.secretNone") },
    { title: t("noticeSettings.robots.status"), dataIndex: "status", key: "status", width: 90, render: (s: number) => <Tag color={s === 1 ? "green" : "default"}>{t(s === 1 ? "noticeSettings.robots.on" : "noticeSettings.robots.off")}</Tag> },
    { title: t("noticeSettings.robots.created"), dataIndex: "createTime", key: "createTime", width: 150, render: formatChinaTime, onCell: () => ({ style: { whiteSpace: "nowrap" } }) },
    {
      title: t("noticeSettings.robots.actions"), key: "actions", width: 130, onCell: () => ({ style: { whiteSpace: "nowrap" } }),
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(row)}>{t("noticeSettings.robots.editShort")}</Button>
          <Button
            type="link" size="small" danger
            onClick={() => confirmDelete(row)}
          >
            {t("noticeSettings.robots.delete")}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size={12} style={{ width: "100%" }}>
      <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
        <Typography.Text type="secondary">{t("noticeSettings.robots.intro")}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>{t("noticeSettings.robots.add")}</Button>
      </Space>
      {error && <Alert type="error" showIcon message={t("noticeSettings.robots.loadError")} description={error.message} action={<Button size="small" onClick={() => tableQuery.refetch()}>{t("noticeSettings.retry")}</Button>} />}
      <Table<RobotRow>
        {...tableProps}
        rowKey="id"
        columns={columns}
        pagination={false}
        aria-label={t("noticeSettings.robots.title")}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noticeSettings.robots.empty")} /> }}
      />
      {editing !== undefined && <RobotDialog robot={editing} onClose={() => setEditing(undefined)} />}
    </Space>
  );
}
