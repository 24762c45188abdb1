// 会员管理: members searched on the server (mobile, name or account; company; state), each with
// its company and whether a lock stands; 停用/启用 and 解锁 ask first. A disabled member's
// sessions end at once; unlocking lifts the locks its wrong passwords left.
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Button, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag } from "antd";
import { formatChinaTime } from "../../domain/format";
import type { OpsMemberRow } from "../../domain/ops/companies";
import { useRecordAction } from "../useRecordAction";
import { OPS_MEMBERS } from ".";

interface MemberFilterValues {
  keyword?: string;
  companyId?: number | null;
  status?: number;
}

export function OpsMemberList() {
  const t = useTranslate();
  const action = useRecordAction(OPS_MEMBERS);
  const { tableProps, searchFormProps } = useTable<OpsMemberRow, HttpError, MemberFilterValues>({
    resource: OPS_MEMBERS,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    onSearch: (v) => [
      { field: "keyword", operator: "eq", value: v.keyword?.trim() },
      { field: "companyId", operator: "eq", value: v.companyId ?? undefined },
      { field: "status", operator: "eq", value: v.status },
    ],
  });
  const who = (r: OpsMemberRow) => r.realName || r.mobilePhone;
  return (
    <div>
      <h2>{t("ops.members.title")}</h2>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} aria-label={t("ops.members.filters")}>
        <Form.Item name="keyword" label={t("ops.members.keyword")}>
          <Input allowClear maxLength={30} style={{ width: 200 }} placeholder={t("ops.members.keywordHint")} />
        </Form.Item>
        <Form.Item name="companyId" label={t("ops.members.companyId")}>
          <InputNumber min={1} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="status" label={t("ops.members.status")}>
          <Select allowClear style={{ width: 120 }} options={[{ value: 1, label: t("ops.members.active") }, { value: 0, label: t("ops.members.disabled") }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t("ops.search")}</Button>
        </Space>
      </Form>
      <Table<OpsMemberRow>
        {...tableProps}
        rowKey="id"
        scroll={{ x: 1240 }}
        columns={[
          { title: "ID", dataIndex: "id", width: 70 },
          { title: t("ops.members.mobile"), dataIndex: "mobilePhone", width: 130 },
          { title: t("ops.members.name"), dataIndex: "realName", width: 110, render: (v: string | null) => v ?? "—" },
          { title: t("ops.members.account"), dataIndex: "account", width: 140, render: (v: string | null) => v ?? "—" },
          { title: t("ops.members.type"), dataIndex: "typeKey", width: 150, render: (k: string) => t(`ops.members.types.${k}`) },
          { title: t("ops.members.company"), key: "company", width: 180, render: (_: unknown, r) => (r.companyName ? `${r.companyName} (#${r.companyId})` : "—") },
          {
            title: t("ops.members.status"),
            key: "status",
            width: 130,
            render: (_: unknown, r) => (
              <Space size={4}>
                {r.status === 1 ? <Tag color="green">{t("ops.members.active")}</Tag> : <Tag color="red">{t("ops.members.disabled")}</Tag>}
                {r.locked && <Tag color="orange">{t("ops.members.locked")}</Tag>}
              </Space>
            ),
          },
          { title: t("ops.members.createTime"), dataIndex: "createTime", width: 160, render: (v: string) => formatChinaTime(v) },
          {
            title: t("ops.members.actions"),
            key: "actions",
            width: 170,
            fixed: "right",
            render: (_: unknown, r) => (
              <Space size={0}>
                <Popconfirm
                  title={t(r.status === 1 ? "ops.members.disableConfirm" : "ops.members.enableConfirm", { name: who(r) })}
                  description={r.status === 1 ? t("ops.members.disableEffect") : undefined}
                  okText={t(r.status === 1 ? "ops.members.disable" : "ops.members.enable")}
                  cancelText={t("ops.cancel")}
                  okButtonProps={{ danger: r.status === 1 }}
                  onConfirm={() => action.run(r.id, "status", t(r.status === 1 ? "ops.members.disabledDone" : "ops.members.enabledDone"), { status: r.status === 1 ? 0 : 1 })}
                >
                  <Button type="link" danger={r.status === 1} loading={action.runningOn(r.id) === "status"}>
                    {t(r.status === 1 ? "ops.members.disable" : "ops.members.enable")}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t("ops.members.unlockConfirm", { name: who(r) })}
                  okText={t("ops.members.unlock")}
                  cancelText={t("ops.cancel")}
                  onConfirm={() => action.run(r.id, "unlock", t("ops.members.unlockedDone"))}
                >
                  <Button type="link" disabled={!r.locked} loading={action.runningOn(r.id) === "unlock"}>{t("ops.members.unlock")}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
