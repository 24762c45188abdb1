// EditProcessSettings (/travel/travelManage/editProcessSettings, ?id=… to edit, 70): a flow's
// name, what it covers, whom it applies to (everyone, or chosen departments and employees), its
// ordered levels — each with one or more approvers (the applicant's department head, the company
// administrator, or named employees; any one decides) and an optional time limit — and what
// happens when a level runs out of time. Checked with the server's own schema.
import { useState } from "react";
import { Alert, App, Button, Card, Col, Form, Input, Radio, Result, Row, Select, Skeleton, Space, Switch, Typography } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useInvalidate, useList, useOne, type HttpError } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { FLOW_COVERS, MAX_FLOW_LEVELS, MAX_LEVEL_HOURS, TIMEOUT_ACTIONS } from "../../domain/policy";
import { pathFor, queryOf } from "../../access/routes";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { LinkButton } from "../../pages/index/LinkButton";
import { DEPARTMENTS_PATH, type Department, type Employee } from "../employees";
import { NEW_FLOW, flowProblems, flowServerProblems, toFlowInput, toFlowValues, type FlowFormValues } from "./flow-form";
import { FLOW_PATHS, type FlowRow } from "./index";
import { retryUnlessRefused } from "../retry";
import { LoadError } from "../LoadError";

export default function EditProcessSettingsPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const id = queryOf(useLocation().search).id;
  return (
    <WorkbenchFrame routeName={routeName} title={id === undefined ? t("travel.flows.newTitle") : undefined}>
      {id === undefined ? <FlowForm /> : /^\d+$/.test(id) ? <Loader id={id} /> : <Result status="404" title={t("travel.flows.notFound")} />}
    </WorkbenchFrame>
  );
}

function Loader({ id }: { id: string }) {
  const { query, result } = useOne<FlowRow>({ resource: "approval-flows", id, errorNotification: false, queryOptions: { refetchOnWindowFocus: false, retry: retryUnlessRefused } });
  const row = result as FlowRow | undefined;
  if (query.isLoading) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  if (query.error || !row) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  return <FlowForm row={row} />;
}

function FlowForm({ row }: { row?: FlowRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<FlowRow>();
  // The company's people, to name approvers and the flow's scope (the server caps a page at 100).
  const employees = useList<Employee>({ resource: "employees", pagination: { currentPage: 1, pageSize: 100 }, errorNotification: false });
  const departments = useCustom<Department[]>({ url: DEPARTMENTS_PATH, method: "post", config: { payload: {} }, errorNotification: false });
  const all = Form.useWatch("allEmployees", form) as boolean | undefined;

  const people = (employees.result.data ?? []).map((e) => ({ value: e.id, label: `${e.realName ?? e.mobilePhone}${e.departmentName ? ` · ${e.departmentName}` : ""}` }));
  const approverOptions = [
    { label: t("travel.flows.roles"), options: [{ value: "departmentHead", label: t("travel.flows.departmentHead") }, { value: "admin", label: t("travel.flows.admin") }] },
    { label: t("travel.flows.namedEmployees"), options: people.map((p) => ({ value: `e${p.value}`, label: p.label })) },
  ];
  // useCustom answers an empty object until (or unless) the list arrives.
  const deptRows: unknown = departments.result.data;
  const deptOptions = (Array.isArray(deptRows) ? (deptRows as Department[]) : []).map((d) => ({ value: d.id, label: d.name }));

  const submit = () => {
    setRefusal(null);
    const input = toFlowInput(row?.id, form.getFieldsValue(true) as FlowFormValues);
    const problems = flowProblems(input);
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0].name);
      return;
    }
    mutate(
      { url: FLOW_PATHS.save, method: "post", values: input, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          message.success(t("travel.flows.saved"));
          invalidate({ resource: "approval-flows", invalidates: row ? ["list", "detail"] : ["list"], id: row?.id });
          navigate(pathFor("ProcessSettings"));
        },
        onError: (e: HttpError) => {
          const fields = flowServerProblems(e.errors as Record<string, string | string[]> | undefined);
          if (fields.length) form.setFields(fields);
          setRefusal(e.message || t("travel.saveError"));
        },
      },
    );
  };

  if (employees.query.isLoading || departments.query.isLoading) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>;
  const peopleError = employees.query.error ?? departments.query.error;

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={row ? toFlowValues(row) : NEW_FLOW}
      onFieldsChange={(changed) => {
        // A field's message goes as soon as it changes; the next save checks everything again.
        const touched = changed.filter((f) => f.touched && f.errors?.length);
        if (touched.length) form.setFields(touched.map((f) => ({ name: f.name, errors: [] })));
      }}
      onFinish={submit}
      aria-label={t("travel.flows.formTitle")}
    >
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        {peopleError && <Alert type="warning" showIcon message={t("travel.flows.peopleError")} description={peopleError.message} />}
        <Card title={t("travel.flows.basics")}>
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item name="name" label={t("travel.flows.name")} required>
                <Input maxLength={30} showCount placeholder={t("travel.flows.namePlaceholder")} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="enabled" label={t("travel.flows.enabled")} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="covers" label={t("travel.flows.covers")} required>
                <Radio.Group options={FLOW_COVERS.map((c) => ({ value: c, label: t(`travel.flows.coverLabels.${c}`) }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="allEmployees" label={t("travel.flows.appliesTo")} required>
                <Radio.Group
                  options={[
                    { value: true, label: t("travel.flows.everyone") },
                    { value: false, label: t("travel.flows.chosen") },
                  ]}
                />
              </Form.Item>
            </Col>
            {all === false && (
              <>
                <Col xs={24} lg={12}>
                  <Form.Item name="departmentIds" label={t("travel.flows.departments")} extra={t("travel.flows.departmentsHelp")}>
                    <Select mode="multiple" optionFilterProp="label" options={deptOptions} placeholder={t("travel.flows.pickDepartments")} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="employeeIds" label={t("travel.flows.employees")}>
                    <Select mode="multiple" optionFilterProp="label" options={people} placeholder={t("travel.flows.pickEmployees")} />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        </Card>
        <Card title={t("travel.flows.levels")}>
          <Form.List name="levels">
            {(fields, { add, remove, move }, { errors }) => (
              <Space direction="vertical" size={12} style={{ width: "100%" }}>
                {fields.map((f, i) => (
                  <Card key={f.key} size="small" type="inner" title={t("travel.approval.level", { level: i + 1 })} data-testid={`level-${i + 1}`}
                    extra={
                      <Space size={4}>
                        <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t("travel.flows.moveUp")} />
                        <Button size="small" icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={t("travel.flows.moveDown")} />
                        <Button size="small" danger icon={<DeleteOutlined />} disabled={fields.length === 1} onClick={() => remove(f.name)} aria-label={t("travel.flows.removeLevel")} />
                      </Space>
                    }
                  >
                    <Row gutter={16}>
                      <Col xs={24} lg={16}>
                        <Form.Item name={[f.name, "approvers"]} label={t("travel.flows.approvers")} required extra={t("travel.flows.approversHelp")} style={{ marginBottom: 0 }}>
                          <Select mode="multiple" optionFilterProp="label" options={approverOptions} placeholder={t("travel.flows.pickApprovers")} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} lg={8}>
                        <Form.Item name={[f.name, "timeoutHours"]} label={t("travel.flows.timeLimit")} extra={t("travel.flows.timeLimitHelp", { max: MAX_LEVEL_HOURS })} style={{ marginBottom: 0 }}>
                          <Input inputMode="numeric" maxLength={3} suffix={t("travel.standards.hours")} placeholder={t("travel.flows.noLimit")} />
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                ))}
                <Form.ErrorList errors={errors} />
                <Button icon={<PlusOutlined />} onClick={() => add({ approvers: [], timeoutHours: "24" })} disabled={fields.length >= MAX_FLOW_LEVELS}>
                  {t("travel.flows.addLevel", { max: MAX_FLOW_LEVELS })}
                </Button>
              </Space>
            )}
          </Form.List>
        </Card>
        <Card title={t("travel.flows.onTimeout")}>
          <Form.Item name="onTimeout" required style={{ marginBottom: 0 }}>
            <Radio.Group>
              <Space direction="vertical">
                {TIMEOUT_ACTIONS.map((a) => (
                  <Radio key={a} value={a}>{t(`travel.flows.timeoutLong.${a}`)}</Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Card>
        {refusal && <Alert type="error" showIcon message={t("travel.standards.refused")} description={refusal} />}
        <Space>
          <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending}>{t("travel.standards.save")}</Button>
          <LinkButton size="large" to={pathFor("ProcessSettings")}>{t("travel.cancel")}</LinkButton>
        </Space>
        <Typography.Paragraph type="secondary">{t("travel.flows.saveHint")}</Typography.Paragraph>
      </Space>
    </Form>
  );
}
