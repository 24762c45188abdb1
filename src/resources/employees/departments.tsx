// The staff page's organisation tree: 全部员工, then the departments nested under their parents
// with their head counts, each including everyone below it (and 未分配部门 when someone has none). Choosing a node filters the
// list (a department includes the ones below it); each department can be edited (renamed or
// moved under another parent), given a sub-department, or deleted, which the server refuses
// while people or sub-departments remain.
import { useState } from "react";
import { useDelete, type HttpError, useTranslate } from "@refinedev/core";
import { Button, Empty, Form, Input, Modal, Popconfirm, Skeleton, Space, Tooltip, Tree, TreeSelect, Typography } from "antd";
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { DEPARTMENT_NAME_MAX } from "../../domain/people/employee-rules";
import { departmentFormSchema } from "../../domain/people/employee";
import { useFeedback } from "../../components/FeedbackApp";
import { FormField, FormMessage } from "../../components/FormField";
import { useResourceForm } from "../useResourceForm";
import { departmentTreeData, type DepartmentTreeNode } from "./tree-data";
import type { Department } from "./index";

export interface DepartmentPanelProps {
  departments: Department[];
  loading: boolean;
  /** The chosen node: undefined for everyone, 0 for 未分配部门. */
  selected: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** After a department was added, changed or deleted. */
  onChanged: () => void;
}

type Editing = { id?: number; parentId: number | null; name: string } | null;

export function DepartmentPanel({ departments, loading, selected, onSelect, onChanged }: DepartmentPanelProps) {
  const t = useTranslate();
  const { message } = useFeedback();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDelete<Department, HttpError>();
  // Everyone once: each department's own staff (its head count includes the ones below it).
  const total = departments.reduce((n, d) => n + d.directCount, 0);
  const unassigned = departments.find((d) => d.id === 0);

  const del = async (d: Department) => {
    try {
      await remove.mutateAsync({ resource: "departments", id: d.id, successNotification: false, errorNotification: false });
      message.success(t("staff.tree.deleted"));
      if (selected === d.id) onSelect(undefined);
      onChanged();
    } catch (e) {
      message.error((e as HttpError).message);
    }
  };

  const title = (node: DepartmentTreeNode) => (
    <span className="tp-dept-node">
      <span className="tp-dept-node__name" title={node.title}>{t("staff.departmentOption", { name: node.title, count: node.department.employeeCount })}</span>
      <span className="tp-dept-node__actions" onClick={(e) => e.stopPropagation()}>
        <Tooltip title={t("staff.tree.addChild")}>
          <Button size="small" type="text" icon={<PlusOutlined />} aria-label={`${t("staff.tree.addChild")} ${node.title}`} onClick={() => setEditing({ parentId: node.department.id, name: "" })} />
        </Tooltip>
        <Tooltip title={t("staff.tree.rename")}>
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={`${t("staff.tree.rename")} ${node.title}`} onClick={() => setEditing({ id: node.department.id, parentId: node.department.parentId, name: node.department.name })} />
        </Tooltip>
        <Popconfirm title={t("common.confirmOperation")} okText={t("common.confirm")} cancelText={t("common.cancel")} onConfirm={() => del(node.department)}>
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${t("staff.tree.delete")} ${node.title}`} />
        </Popconfirm>
      </span>
    </span>
  );

  const treeData = departmentTreeData(departments);
  return (
    <div className="tp-dept-panel" aria-label={t("staff.tree.title")}>
      <div className="tp-dept-panel__head">
        <Typography.Text strong><ApartmentOutlined /> {t("staff.tree.title")}</Typography.Text>
        <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null, name: "" })}>{t("staff.tree.addRoot")}</Button>
      </div>
      <div
        role="button"
        tabIndex={0}
        className={`tp-dept-panel__all${selected === undefined ? " is-selected" : ""}`}
        onClick={() => onSelect(undefined)}
        onKeyDown={(e) => e.key === "Enter" && onSelect(undefined)}
      >
        {t("staff.tree.all")}{t("common.parenthesized", { text: total })}
      </div>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : treeData.length ? (
        <Tree<DepartmentTreeNode>
          // A new or moved department shows opened out: the tree starts afresh when the set changes.
          key={departments.map((d) => `${d.id}:${d.parentId}`).join(",")}
          blockNode
          defaultExpandAll
          treeData={treeData}
          selectedKeys={selected ? [selected] : []}
          titleRender={title}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("staff.tree.empty")} />
      )}
      {unassigned && (
        <div
          role="button"
          tabIndex={0}
          className={`tp-dept-panel__all${selected === 0 ? " is-selected" : ""}`}
          onClick={() => onSelect(0)}
          onKeyDown={(e) => e.key === "Enter" && onSelect(0)}
        >
          {t("staff.departmentOption", { name: t("staff.unassigned"), count: unassigned.employeeCount })}
        </div>
      )}
      <DepartmentDialog editing={editing} departments={departments} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); onChanged(); }} />
    </div>
  );
}

interface DepartmentValues {
  name: string;
  parentId?: number | null;
}
const FIELDS = ["name", "parentId"] as const;

function DepartmentDialog({ editing, departments, onClose, onSaved }: { editing: Editing; departments: Department[]; onClose: () => void; onSaved: () => void }) {
  const t = useTranslate();
  return (
    <Modal open={editing !== null} onCancel={onClose} footer={null} destroyOnHidden width={480} title={t(editing?.id ? "staff.tree.editTitle" : "staff.tree.addTitle")}>
      {editing && <DepartmentForm editing={editing} departments={departments} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

/** Refine creates the department or updates it (the tree's node is the record at hand). */
function DepartmentForm({ editing, departments, onClose, onSaved }: { editing: NonNullable<Editing>; departments: Department[]; onClose: () => void; onSaved: () => void }) {
  const t = useTranslate();
  const { message } = useFeedback();
  const { control, submit, saving, refusal } = useResourceForm<DepartmentValues, Department>({
    resource: "departments",
    id: editing.id,
    load: false,
    schema: () => departmentFormSchema,
    defaultValues: { name: editing.name, parentId: editing.parentId },
    // An emptied parent is sent as "" (the top level), not the schema's null.
    input: (v) => ({ name: v.name.trim(), parentId: v.parentId ?? "" }),
    fields: () => FIELDS,
    redirect: false,
    onSaved: () => {
      message.success(t("staff.tree.saved"));
      onSaved();
    },
  });

  return (
    <Form layout="vertical" requiredMark={false} onFinish={submit} aria-label={t("staff.tree.formLabel")}>
      <FormField control={control} name="name" label={t("staff.tree.name")}>
        <Input maxLength={DEPARTMENT_NAME_MAX} placeholder={t("staff.tree.namePlaceholder")} />
      </FormField>
      <FormField control={control} name="parentId" label={t("staff.tree.parent")}>
        <TreeSelect allowClear treeDefaultExpandAll placeholder={t("staff.tree.parentPlaceholder")} treeData={departmentTreeData(departments, editing.id)} />
      </FormField>
      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("staff.save")}</Button>
        <Button onClick={onClose}>{t("staff.cancel")}</Button>
      </Space>
    </Form>
  );
}
