// 员工与角色: the operators, paged, with a dialog to add one (initial password; TOTP is enrolled
// at the first sign-in) or change one (name, role, status, a new password).
import { useState } from "react";
import { useTranslate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { useForm } from "@refinedev/react-hook-form";
import { Button, Form, Input, Modal, Select, Space, Table, Tag } from "antd";
import { FormField, FormMessage, QUIET_SAVE, applyRefusal, useSubmitState } from "../../components/FormField";
import { schemaResolver } from "../../components/form-errors";
import { passwordDigest } from "../../domain/password-digest";
import { OPS_ROLES, type OpsRole } from "../../domain/ops/paths";
import { OPS_ACCOUNT_MAX, OPS_NAME_MAX, opsStaffCreateSchema, opsStaffUpdateSchema, type OpsOperatorView } from "../../domain/ops/schemas";
import { OPS_STAFF } from ".";

export function OpsStaffList() {
  const t = useTranslate();
  const { tableProps } = useTable<OpsOperatorView, HttpError>({ resource: OPS_STAFF, syncWithLocation: false, pagination: { pageSize: 20 } });
  const [editing, setEditing] = useState<OpsOperatorView | "new" | null>(null);
  return (
    <div>
      <Space style={{ marginBottom: 16, justifyContent: "space-between", width: "100%" }}>
        <h2 style={{ margin: 0 }}>{t("ops.staff.title")}</h2>
        <Button type="primary" onClick={() => setEditing("new")}>{t("ops.staff.add")}</Button>
      </Space>
      <Table<OpsOperatorView>
        {...tableProps}
        rowKey="id"
        columns={[
          { title: t("ops.staff.account"), dataIndex: "account" },
          { title: t("ops.staff.name"), dataIndex: "name" },
          { title: t("ops.staff.role"), dataIndex: "role", render: (r: OpsRole) => t(`ops.roles.${r}`) },
          { title: t("ops.staff.totp"), dataIndex: "totpEnabled", render: (v: boolean) => (v ? <Tag color="green">{t("ops.staff.totpOn")}</Tag> : <Tag>{t("ops.staff.totpOff")}</Tag>) },
          { title: t("ops.staff.status"), dataIndex: "status", render: (s: number) => (s === 1 ? t("ops.staff.active") : <Tag color="red">{t("ops.staff.disabled")}</Tag>) },
          { title: t("ops.staff.actions"), key: "actions", render: (_: unknown, row) => <Button type="link" onClick={() => setEditing(row)}>{t("ops.staff.edit")}</Button> },
        ]}
      />
      <Modal open={editing !== null} onCancel={() => setEditing(null)} footer={null} destroyOnHidden title={t(editing === "new" ? "ops.staff.add" : "ops.staff.edit")}>
        {editing !== null && <StaffForm row={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </div>
  );
}

interface StaffValues {
  account: string;
  name: string;
  password: string;
  role: OpsRole;
  status: number;
}

const CREATE_FIELDS = ["account", "name", "password", "role"] as const;
const UPDATE_FIELDS = ["name", "role", "status", "password"] as const;

function StaffForm({ row, onDone }: { row: OpsOperatorView | null; onDone: () => void }) {
  const t = useTranslate();
  const edit = row !== null;
  // The password travels as its digest, like every password; left empty on an edit, it is kept.
  const payload = (v: StaffValues) =>
    edit
      ? { id: row.id, name: v.name.trim(), role: v.role, status: v.status, ...(v.password ? { password: passwordDigest(v.password) } : {}) }
      : { account: v.account.trim(), name: v.name.trim(), role: v.role, password: v.password ? passwordDigest(v.password) : "" };
  const form = useForm<OpsOperatorView, HttpError, StaffValues>({
    mode: "onSubmit",
    warnWhenUnsavedChanges: false,
    defaultValues: { account: row?.account ?? "", name: row?.name ?? "", password: "", role: row?.role ?? "ticketing", status: row?.status ?? 1 },
    resolver: schemaResolver<StaffValues>(() => (edit ? opsStaffUpdateSchema : opsStaffCreateSchema), { raw: true, input: payload }),
    refineCoreProps: { resource: OPS_STAFF, action: edit ? "edit" : "create", id: row?.id, ...QUIET_SAVE, queryOptions: { enabled: false } },
  });
  const state = useSubmitState(form.watch);
  const fields = edit ? UPDATE_FIELDS : CREATE_FIELDS;
  const submit = form.handleSubmit((values) =>
    state.run(async () => {
      try {
        await form.refineCore.onFinish(values);
        onDone();
        return null;
      } catch (e) {
        return applyRefusal<StaffValues>(e, [...fields], form.setError);
      }
    }),
  );
  const { control } = form;
  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} aria-label={t("ops.staff.formLabel")}>
      {!edit && (
        <FormField control={control} name="account" label={t("ops.staff.account")}>
          <Input maxLength={OPS_ACCOUNT_MAX} autoComplete="off" />
        </FormField>
      )}
      <FormField control={control} name="name" label={t("ops.staff.name")}>
        <Input maxLength={OPS_NAME_MAX} />
      </FormField>
      <FormField control={control} name="role" label={t("ops.staff.role")}>
        <Select options={OPS_ROLES.map((r) => ({ value: r, label: t(`ops.roles.${r}`) }))} />
      </FormField>
      {edit && (
        <FormField control={control} name="status" label={t("ops.staff.status")}>
          <Select options={[{ value: 1, label: t("ops.staff.active") }, { value: 0, label: t("ops.staff.disabled") }]} />
        </FormField>
      )}
      <FormField control={control} name="password" label={t(edit ? "ops.staff.newPassword" : "ops.staff.initialPassword")} extra={t("ops.staff.passwordHint")}>
        <Input.Password autoComplete="new-password" maxLength={32} />
      </FormField>
      <FormMessage refusal={state.refusal} />
      <Button type="primary" htmlType="submit" loading={form.refineCore.mutation.isPending}>{t("ops.save")}</Button>
      <Button style={{ marginLeft: 8 }} onClick={onDone}>{t("ops.cancel")}</Button>
    </Form>
  );
}
