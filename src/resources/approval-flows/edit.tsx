// EditProcessSettings (/travel/travelManage/editProcessSettings, ?id=… to edit, 70): a flow's
// name, what it covers, whom it applies to (everyone, or chosen departments and employees), its
// ordered levels — each with one or more approvers (the applicant's department head, the company
// administrator, or named employees; any one decides) and an optional time limit — and what
// happens when a level runs out of time. Checked with the server's own schema.
import { Alert, App, Button, Card, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Space, Switch, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { useFieldArray } from "react-hook-form";
import { useLocation } from "react-router";
import { FLOW_COVERS, MAX_FLOW_LEVELS, MAX_LEVEL_HOURS, TIMEOUT_ACTIONS, flowFormSchema } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { useDepartmentSelect } from "../useDepartmentSelect";
import { PeopleSelect, personOf, type Person } from "../../components/PeopleSelect";
import { FormField } from "../../components/FormField";
import { NEW_FLOW, flowFieldOf, flowFields, toFlowInput, toFlowValues, type FlowFormValues } from "./flow-form";
import type { FlowRow } from "./index";
import { useResourceForm } from "../useResourceForm";
import { LoadError } from "../LoadError";

export default function EditProcessSettingsPage({ routeName }: { routeName: string }) {
  const t = useTranslate();
  const id = queryOf(useLocation().search).id;
  return (
    <WorkbenchFrame routeName={routeName} title={id === undefined ? t("travel.flows.newTitle") : undefined}>
      {id === undefined || /^\d+$/.test(id) ? <FlowForm id={id === undefined ? undefined : Number(id)} /> : <Result status="404" title={t("travel.flows.notFound")} />}
    </WorkbenchFrame>
  );
}

/** The people a saved flow names (its scope and its approvers), shown by name before any search. */
function knownPeople(row?: FlowRow): Person[] {
  if (!row) return [];
  const named = row.levels.flatMap((l) => l.approvers.flatMap((a, i) => (a.type === "employee" ? [{ id: a.employeeId, name: l.approverNames[i] ?? String(a.employeeId) }] : [])));
  return [...row.employees, ...named].map((p) => personOf(p.id, p.name, null, null));
}

/** The flow form: Refine loads the flow (with ?id=), and creates or updates it through the resource. */
export function FlowForm({ id }: { id?: number }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const departments = useDepartmentSelect();
  // The schema checks the save input made from the values; its paths land on the form's fields.
  const { control, watch, formState, submit, saving, loading, loadError, reload, record, refusal } = useResourceForm<FlowFormValues, FlowRow>({
    resource: "approval-flows",
    id,
    schema: () => flowFormSchema,
    defaultValues: NEW_FLOW,
    toValues: toFlowValues,
    input: (v) => toFlowInput(undefined, v),
    fieldOf: flowFieldOf,
    fields: flowFields,
    onSaved: () => message.success(t("travel.flows.saved")),
  });
  const levels = useFieldArray({ control, name: "levels" });
  const all = watch("allEmployees");
  const levelsError = formState.errors.levels?.root?.message ?? formState.errors.levels?.message;

  if (loading || departments.query.isLoading) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  if (loadError) return <LoadError error={loadError} onRetry={reload} />;
  const deptOptions = departments.options;
  const peopleError = departments.query.error;

  const roles = [{ label: t("travel.flows.roles"), options: [{ value: "departmentHead", label: t("travel.flows.departmentHead") }, { value: "admin", label: t("travel.flows.admin") }] }];
  const known = knownPeople(record);

  return (
    <Form
      layout="vertical"
      onFinish={submit}
      aria-label={t("travel.flows.formTitle")}
    >
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        {peopleError && <Alert type="warning" showIcon message={t("travel.flows.peopleError")} description={peopleError.message} />}
        <Card title={t("travel.flows.basics")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <FormField control={control} name="name" label={t("travel.flows.name")} required>
                <Input maxLength={30} showCount placeholder={t("travel.flows.namePlaceholder")} />
              </FormField>
            </Col>
            <Col xs={24} lg={12}>
              <FormField control={control} name="enabled" label={t("travel.flows.enabled")} valuePropName="checked">
                <Switch />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField control={control} name="covers" label={t("travel.flows.covers")} required>
                <Radio.Group options={FLOW_COVERS.map((c) => ({ value: c, label: t(`travel.flows.coverLabels.${c}`) }))} />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField control={control} name="allEmployees" label={t("travel.flows.appliesTo")} required>
                <Radio.Group
                  options={[
                    { value: true, label: t("travel.flows.everyone") },
                    { value: false, label: t("travel.flows.chosen") },
                  ]}
                />
              </FormField>
            </Col>
            {all === false && (
              <>
                <Col xs={24} lg={12}>
                  <FormField control={control} name="departmentIds" label={t("travel.flows.departments")} extra={t("travel.flows.departmentsHelp")}>
                    <Select mode="multiple" optionFilterProp="label" options={deptOptions} placeholder={t("travel.flows.pickDepartments")} />
                  </FormField>
                </Col>
                <Col xs={24} lg={12}>
                  <FormField control={control} name="employeeIds" label={t("travel.flows.employees")}>
                    <PeopleSelect source="employees" mode="multiple" known={known} placeholder={t("travel.flows.pickEmployees")} />
                  </FormField>
                </Col>
              </>
            )}
          </Row>
        </Card>
        <Card title={t("travel.flows.levels")}>
          <Space direction="vertical" size={12} style={{ width: "100%" }}>
            {levels.fields.map((f, i) => (
              <Card key={f.id} size="small" type="inner" title={t("travel.approval.level", { level: i + 1 })} data-testid={`level-${i + 1}`}
                extra={
                  <Space size={4}>
                    <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => levels.move(i, i - 1)} aria-label={t("travel.flows.moveUp")} />
                    <Button size="small" icon={<ArrowDownOutlined />} disabled={i === levels.fields.length - 1} onClick={() => levels.move(i, i + 1)} aria-label={t("travel.flows.moveDown")} />
                    <Button size="small" danger icon={<DeleteOutlined />} disabled={levels.fields.length === 1} onClick={() => levels.remove(i)} aria-label={t("travel.flows.removeLevel")} />
                  </Space>
                }
              >
                <Row gutter={16}>
                  <Col xs={24} lg={16}>
                    <FormField control={control} name={`levels.${i}.approvers`} label={t("travel.flows.approvers")} required extra={t("travel.flows.approversHelp")} className="tp-field--last">
                      <PeopleSelect source="employees" mode="multiple" known={known} before={roles} groupLabel={t("travel.flows.namedEmployees")} valueFor={(id) => `e${id}`} placeholder={t("travel.flows.pickApprovers")} />
                    </FormField>
                  </Col>
                  <Col xs={24} lg={8}>
                    <FormField control={control} name={`levels.${i}.timeoutHours`} label={t("travel.flows.timeLimit")} extra={t("travel.flows.timeLimitHelp", { max: MAX_LEVEL_HOURS })} className="tp-field--last">
                      <Input inputMode="numeric" maxLength={3} suffix={t("travel.standards.hours")} placeholder={t("travel.flows.noLimit")} />
                    </FormField>
                  </Col>
                </Row>
              </Card>
            ))}
            {levelsError && <Form.ErrorList errors={[levelsError]} />}
            <Button icon={<PlusOutlined />} onClick={() => levels.append({ approvers: [], timeoutHours: "24" })} disabled={levels.fields.length >= MAX_FLOW_LEVELS}>
              {t("travel.flows.addLevel", { max: MAX_FLOW_LEVELS })}
            </Button>
          </Space>
        </Card>
        <Card title={t("travel.flows.onTimeout")}>
          <FormField control={control} name="onTimeout" className="tp-field--last">
            <Radio.Group>
              <Space direction="vertical">
                {TIMEOUT_ACTIONS.map((a) => (
                  <Radio key={a} value={a}>{t(`travel.flows.timeoutLong.${a}`)}</Radio>
                ))}
              </Space>
            </Radio.Group>
          </FormField>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={saving}>{t("travel.standards.save")}</Button>
          <LinkButton size="large" to={pathFor("ProcessSettings")}>{t("travel.cancel")}</LinkButton>
        </Space>
        <Typography.Paragraph type="secondary">{t("travel.flows.saveHint")}</Typography.Paragraph>
      </Space>
    </Form>
  );
}
