// The employee dialog: name and mobile (the sign-in), email, department (the tree), position,
// employee level, trip level (its travel-control flags shown beside it), the approval right and
// certificates (one per type, by the traveller rules); checked with the server's schema first.
// The edit form reads the detail route, the one place phones and numbers come unmasked.
import { useTranslation } from "react-i18next";
import { useCustom, useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Result, Row, Select, Skeleton, Space, Switch, Tag, TreeSelect, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { CERT_TYPE, CERT_TYPE_CODES, CERT_TYPES, codeOptions, type CertType } from "../../domain/codes";
import { CERT_NO_MAX, CERTIFICATES_MAX, COUNTRY_MAX } from "../../domain/people";
import {
  EMPLOYEE_EMAIL_MAX, EMPLOYEE_LEVEL_MAX, EMPLOYEE_NAME_MAX, EMPLOYEE_PATHS, EMPLOYEE_POSITION_MAX, employeeFormSchema,
  type EmployeeDetail, type TripLevelOption,
} from "../../domain/people/employee";
import { domainLang } from "../../providers/i18n-provider";
import { userKeyOf } from "../../providers/access-control";
import { usePortalUser } from "../../pages/layout/session";
import { tripFlagKeys } from "../../pages/workbench/figures";
import { useFormSave } from "../useFormSave";
import { departmentTreeData } from "./tree-data";
import type { Department } from "./index";

interface CertificateValues {
  certType?: CertType;
  certNo?: string;
  expiry?: Dayjs | null;
  issueCountry?: string;
}

interface EmployeeValues {
  realName?: string;
  mobilePhone?: string;
  email?: string;
  departmentId?: number | null;
  position?: string;
  employeeLevel?: string;
  tripLevelId?: number | null;
  canAudit?: boolean;
  certificates?: CertificateValues[];
}

const ymd = (d: Dayjs | null | undefined) => (d && d.isValid() ? d.format("YYYY-MM-DD") : "");

const payloadOf = (v: EmployeeValues) => ({
  realName: v.realName?.trim() ?? "",
  mobilePhone: v.mobilePhone?.trim() ?? "",
  email: v.email?.trim() ?? "",
  departmentId: v.departmentId ?? "",
  position: v.position?.trim() ?? "",
  employeeLevel: v.employeeLevel?.trim() ?? "",
  tripLevelId: v.tripLevelId ?? "",
  canAudit: v.canAudit ? 1 : 0,
  certificates: (v.certificates ?? []).map((c) => ({ certType: c.certType ?? "", certNo: c.certNo?.trim() ?? "", expiry: ymd(c.expiry), issueCountry: c.issueCountry?.trim() ?? "" })),
});

const valuesOf = (e: EmployeeDetail): EmployeeValues => ({
  realName: e.realName, mobilePhone: e.mobilePhone, email: e.email ?? "", departmentId: e.departmentId, position: e.position ?? "",
  employeeLevel: e.employeeLevel ?? "", tripLevelId: e.tripLevelId, canAudit: e.canAudit === 1,
  certificates: e.certificates.map((c) => ({ certType: c.certType, certNo: c.certNo, expiry: c.expiry ? dayjs(c.expiry) : null, issueCountry: c.issueCountry ?? "" })),
});

const FIELDS = new Set(["realName", "mobilePhone", "email", "departmentId", "position", "employeeLevel", "tripLevelId", "canAudit", "certificates"]);
const fieldOf = (key: string) => (FIELDS.has(key.split(".")[0]) ? key : null);

/** `id`: null when closed, 0 to add, else the employee to edit. */
export function EmployeeDialog({ id, departments, onClose }: { id: number | null; departments: Department[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={760} destroyOnHidden title={t(id ? "staff.editTitle" : "staff.addTitle")}>
      {id !== null && <EmployeeForm key={id} id={id || undefined} departments={departments} onDone={onClose} />}
    </Modal>
  );
}

function EmployeeForm({ id, departments, onDone }: { id?: number; departments: Department[]; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = domainLang();
  const user = usePortalUser();
  const [form] = Form.useForm<EmployeeValues>();
  const { result, query } = useOne<EmployeeDetail, HttpError>({ resource: "employees", id, queryOptions: { enabled: id !== undefined } });
  const { query: levelsQuery, result: levelsResult } = useCustom<TripLevelOption[]>({
    url: EMPLOYEE_PATHS.tripLevels,
    method: "post",
    meta: { member: userKeyOf(user) },
    queryOptions: { enabled: !!user, staleTime: 60_000 },
  });
  const levels = levelsQuery.data ? ((levelsResult.data as TripLevelOption[] | undefined) ?? []) : [];
  const { save, saving, formError } = useFormSave<EmployeeValues, EmployeeDetail>(form, {
    resource: "employees", id, schema: employeeFormSchema, toPayload: payloadOf, fieldOf, onSaved: onDone,
  });
  const levelId = Form.useWatch("tripLevelId", form);
  const level = levels.find((l) => l.id === levelId);
  const certs = (Form.useWatch("certificates", form) as CertificateValues[] | undefined) ?? [];

  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id !== undefined && query.error) {
    return <Result status="error" title={t("staff.loadError")} subTitle={query.error.message} extra={<Button onClick={() => query.refetch()}>{t("passengers.retry")}</Button>} />;
  }
  const certOptions = codeOptions(CERT_TYPES, CERT_TYPE_CODES, lang);
  return (
    <Form<EmployeeValues>
      form={form}
      layout="vertical"
      onFinish={save}
      // A message from the last save goes once its field is changed.
      onValuesChange={(changed: Record<string, unknown>) => form.setFields(Object.keys(changed).filter((k) => k !== "certificates").map((name) => ({ name: name as keyof EmployeeValues, errors: [] })))}
      requiredMark={false}
      initialValues={result ? valuesOf(result) : { canAudit: false, certificates: [] }}
      aria-label={t("staff.formLabel")}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="realName" label={t("staff.form.realName")}>
            <Input maxLength={EMPLOYEE_NAME_MAX} placeholder={t("staff.form.realNamePlaceholder")} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="mobilePhone" label={t("staff.form.mobile")} extra={id === undefined ? t("staff.form.signInHint") : undefined}>
            <Input maxLength={11} inputMode="numeric" placeholder={t("staff.form.mobilePlaceholder")} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label={t("staff.form.email")}>
            <Input maxLength={EMPLOYEE_EMAIL_MAX} placeholder={t("staff.form.emailPlaceholder")} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="departmentId" label={t("staff.form.department")}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder={t("staff.form.departmentPlaceholder")}
              treeData={departmentTreeData(departments)}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="position" label={t("staff.form.position")}>
            <Input maxLength={EMPLOYEE_POSITION_MAX} placeholder={t("staff.form.positionPlaceholder")} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="employeeLevel" label={t("staff.form.employeeLevel")}>
            <Input maxLength={EMPLOYEE_LEVEL_MAX} placeholder={t("staff.form.employeeLevelPlaceholder")} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="tripLevelId"
            label={t("staff.form.tripLevel")}
            extra={
              level ? (
                <Space size={[4, 4]} wrap style={{ marginTop: 4 }} data-testid="trip-flags">
                  {tripFlagKeys(level).length ? tripFlagKeys(level).map((k) => <Tag key={k} color="orange" style={{ marginInlineEnd: 0 }}>{t(k)}</Tag>) : <Tag style={{ marginInlineEnd: 0 }}>{t("workbench.noTripFlags")}</Tag>}
                </Space>
              ) : undefined
            }
          >
            <Select allowClear loading={levelsQuery.isLoading} placeholder={t("staff.form.tripLevelPlaceholder")} options={levels.map((l) => ({ value: l.id, label: l.name }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="canAudit" label={t("staff.form.canAudit")} valuePropName="checked" extra={t("staff.form.canAuditHint")}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>

      <Typography.Text strong>{t("staff.form.certificates")}</Typography.Text>
      <Form.List name="certificates">
        {(fields, { add, remove }) => (
          <div style={{ marginTop: 8 }}>
            {fields.map((field, i) => (
              <Row gutter={8} key={field.key} align="top">
                <Col span={5}>
                  <Form.Item name={[field.name, "certType"]}>
                    <Select placeholder={t("staff.form.certType")} aria-label={t("staff.form.certType")} options={certOptions} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[field.name, "certNo"]}>
                    <Input maxLength={CERT_NO_MAX} placeholder={t("staff.form.certNo")} aria-label={t("staff.form.certNo")} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[field.name, "expiry"]}>
                    <DatePicker placeholder={t("staff.form.expiry")} aria-label={t("staff.form.expiry")} style={{ width: "100%" }} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  {certs[i]?.certType === CERT_TYPE.passport && (
                    <Form.Item name={[field.name, "issueCountry"]}>
                      <Input maxLength={COUNTRY_MAX} placeholder={t("staff.form.issueCountry")} aria-label={t("staff.form.issueCountry")} />
                    </Form.Item>
                  )}
                </Col>
                <Col span={1}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("staff.form.removeCertificate")} onClick={() => remove(field.name)} />
                </Col>
              </Row>
            ))}
            {fields.length < CERTIFICATES_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginBottom: 16 }}>
                {t("staff.form.addCertificate")}
              </Button>
            )}
          </div>
        )}
      </Form.List>

      {formError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={formError} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("staff.save")}</Button>
        <Button onClick={onDone}>{t("staff.cancel")}</Button>
      </Space>
    </Form>
  );
}
