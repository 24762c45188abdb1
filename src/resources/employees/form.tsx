// The employee dialog: name and mobile (the sign-in), email, department (the tree), position,
// employee level, trip level (its travel-control flags shown beside it), the approval right and
// certificates (one per type, by the traveller rules); checked with the server's schema first.
// The edit form reads the detail route, the one place phones and numbers come unmasked.
import { useSelect, type HttpError, useTranslate } from "@refinedev/core";
import { Button, Col, Form, Input, Modal, Result, Row, Select, Skeleton, Space, Switch, Tag, TreeSelect, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useFieldArray, type FieldPath } from "react-hook-form";
import { CERT_TYPE, CERT_TYPE_CODES, CERT_TYPES, type CertType } from "../../domain/codes";
import { useCodes } from "../../components/use-codes";
import { CERT_NO_MAX, CERTIFICATES_MAX, COUNTRY_MAX } from "../../domain/people";
import {
  EMPLOYEE_EMAIL_MAX, EMPLOYEE_LEVEL_MAX, EMPLOYEE_NAME_MAX, EMPLOYEE_POSITION_MAX, employeeFormSchema,
  type EmployeeDetail, type TripLevelOption,
} from "../../domain/people/employee";
import { userKeyOf } from "../../providers/access-control";
import { FormField, FormMessage } from "../../components/FormField";
import { DateInput } from "../../components/DateInput";
import { usePortalUser } from "../../layout/session";
import { tripFlagKeys } from "../../domain/workbench-figures";
import { useResourceForm } from "../useResourceForm";
import { departmentTreeData } from "./tree-data";
import type { Department } from "./index";

interface CertificateValues {
  certType?: CertType;
  certNo: string;
  expiry: string;
  issueCountry: string;
}

interface EmployeeValues {
  realName: string;
  mobilePhone: string;
  email: string;
  departmentId?: number | null;
  position: string;
  employeeLevel: string;
  tripLevelId?: number | null;
  canAudit: boolean;
  certificates: CertificateValues[];
}

const EMPTY: EmployeeValues = { realName: "", mobilePhone: "", email: "", departmentId: null, position: "", employeeLevel: "", tripLevelId: null, canAudit: false, certificates: [] };

const payloadOf = (v: EmployeeValues) => ({
  realName: v.realName.trim(),
  mobilePhone: v.mobilePhone.trim(),
  email: v.email.trim(),
  departmentId: v.departmentId ?? "",
  position: v.position.trim(),
  employeeLevel: v.employeeLevel.trim(),
  tripLevelId: v.tripLevelId ?? "",
  canAudit: v.canAudit ? 1 : 0,
  certificates: v.certificates.map((c) => ({ certType: c.certType ?? "", certNo: c.certNo.trim(), expiry: c.expiry, issueCountry: c.issueCountry.trim() })),
});

const valuesOf = (e: EmployeeDetail): EmployeeValues => ({
  realName: e.realName, mobilePhone: e.mobilePhone, email: e.email ?? "", departmentId: e.departmentId, position: e.position ?? "",
  employeeLevel: e.employeeLevel ?? "", tripLevelId: e.tripLevelId, canAudit: e.canAudit === 1,
  certificates: e.certificates.map((c) => ({ certType: c.certType, certNo: c.certNo, expiry: c.expiry ?? "", issueCountry: c.issueCountry ?? "" })),
});

const TOP = ["realName", "mobilePhone", "email", "departmentId", "position", "employeeLevel", "tripLevelId", "canAudit", "certificates"];
const fieldsOf = (v: EmployeeValues) =>
  [...TOP, ...v.certificates.flatMap((_, i) => ["certType", "certNo", "expiry", "issueCountry"].map((k) => `certificates.${i}.${k}`))] as FieldPath<EmployeeValues>[];

/** `id`: null when closed, 0 to add, else the employee to edit. */
export function EmployeeDialog({ id, departments, onClose }: { id: number | null; departments: Department[]; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={760} destroyOnHidden title={t(id ? "staff.editTitle" : "staff.addTitle")}>
      {id !== null && <EmployeeForm key={id} id={id || undefined} departments={departments} onDone={onClose} />}
    </Modal>
  );
}

/**
 * Refine loads the employee (edit: the detail, phones unmasked) and creates or updates it; the
 * server's field errors, certificates' included, land under their fields.
 */
export function EmployeeForm({ id, departments, onDone }: { id?: number; departments: Department[]; onDone: () => void }) {
  const t = useTranslate();
  const { codeOptions } = useCodes();
  const user = usePortalUser();
  const levelSelect = useSelect<TripLevelOption & Record<string, unknown>, HttpError>({
    resource: "employee-trip-levels",
    optionLabel: "name",
    optionValue: "id",
    pagination: { mode: "off" },
    // The member is part of the key: another account in the tab sees its own company's levels.
    meta: { member: userKeyOf(user) },
    queryOptions: { enabled: !!user, staleTime: 60_000 },
  });
  // The options, and each level's travel-control flags shown beside the choice.
  const levels = (levelSelect.query.data?.data ?? []) as TripLevelOption[];
  const { control, watch, formState, submit, saving, loading, loadError, reload, refusal } = useResourceForm<EmployeeValues, EmployeeDetail>({
    resource: "employees", id, schema: () => employeeFormSchema, defaultValues: EMPTY, toValues: valuesOf, input: payloadOf, fields: fieldsOf, redirect: false, onSaved: onDone,
  });
  const { fields, append, remove } = useFieldArray({ control, name: "certificates" });
  const levelId = watch("tripLevelId");
  const level = levels.find((l) => l.id === levelId);
  const certs = watch("certificates") ?? [];
  const listError = formState.errors.certificates?.root?.message ?? formState.errors.certificates?.message;
  const certOptions = codeOptions(CERT_TYPES, CERT_TYPE_CODES);
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (loadError) {
    return <Result status="error" title={t("staff.loadError")} subTitle={loadError.message} extra={<Button onClick={reload}>{t("passengers.retry")}</Button>} />;
  }
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} aria-label={t("staff.formLabel")}>
      <Row gutter={16}>
        <Col span={12}>
          <FormField control={control} name="realName" label={t("staff.form.realName")}>
            <Input maxLength={EMPLOYEE_NAME_MAX} placeholder={t("staff.form.realNamePlaceholder")} />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField control={control} name="mobilePhone" label={t("staff.form.mobile")} extra={id === undefined ? t("staff.form.signInHint") : undefined}>
            <Input maxLength={11} inputMode="numeric" placeholder={t("staff.form.mobilePlaceholder")} />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField control={control} name="email" label={t("staff.form.email")}>
            <Input maxLength={EMPLOYEE_EMAIL_MAX} placeholder={t("staff.form.emailPlaceholder")} />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField control={control} name="departmentId" label={t("staff.form.department")}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              placeholder={t("staff.form.departmentPlaceholder")}
              treeData={departmentTreeData(departments)}
            />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField control={control} name="position" label={t("staff.form.position")}>
            <Input maxLength={EMPLOYEE_POSITION_MAX} placeholder={t("staff.form.positionPlaceholder")} />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField control={control} name="employeeLevel" label={t("staff.form.employeeLevel")}>
            <Input maxLength={EMPLOYEE_LEVEL_MAX} placeholder={t("staff.form.employeeLevelPlaceholder")} />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField
            control={control}
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
            <Select allowClear loading={levelSelect.query.isLoading} placeholder={t("staff.form.tripLevelPlaceholder")} options={levelSelect.options} />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField control={control} name="canAudit" label={t("staff.form.canAudit")} valuePropName="checked" extra={t("staff.form.canAuditHint")}>
            <Switch />
          </FormField>
        </Col>
      </Row>

      <Typography.Text strong>{t("staff.form.certificates")}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        {fields.map((field, i) => (
          <Row gutter={8} key={field.id} align="top">
            <Col span={5}>
              <FormField control={control} name={`certificates.${i}.certType`}>
                <Select placeholder={t("staff.form.certType")} aria-label={t("staff.form.certType")} options={certOptions} />
              </FormField>
            </Col>
            <Col span={8}>
              <FormField control={control} name={`certificates.${i}.certNo`}>
                <Input maxLength={CERT_NO_MAX} placeholder={t("staff.form.certNo")} aria-label={t("staff.form.certNo")} />
              </FormField>
            </Col>
            <Col span={5}>
              <FormField control={control} name={`certificates.${i}.expiry`}>
                <DateInput placeholder={t("staff.form.expiry")} aria-label={t("staff.form.expiry")} style={{ width: "100%" }} />
              </FormField>
            </Col>
            <Col span={5}>
              {certs[i]?.certType === CERT_TYPE.passport && (
                <FormField control={control} name={`certificates.${i}.issueCountry`}>
                  <Input maxLength={COUNTRY_MAX} placeholder={t("staff.form.issueCountry")} aria-label={t("staff.form.issueCountry")} />
                </FormField>
              )}
            </Col>
            <Col span={1}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("staff.form.removeCertificate")} onClick={() => remove(i)} />
            </Col>
          </Row>
        ))}
        {listError && <Form.ErrorList errors={[listError]} />}
        {fields.length < CERTIFICATES_MAX && (
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => append({ certType: undefined, certNo: "", expiry: "", issueCountry: "" })} style={{ marginBottom: 16 }}>
            {t("staff.form.addCertificate")}
          </Button>
        )}
      </div>

      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("staff.save")}</Button>
        <Button onClick={onDone}>{t("staff.cancel")}</Button>
      </Space>
    </Form>
  );
}
