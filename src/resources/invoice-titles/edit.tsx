// edit_invoice (/myCenter/edit_invoice): adds an invoice title, or edits the one named by ?id=.
// A company title asks for the taxpayer id (checked by its check character) and, optionally,
// the details a special VAT invoice needs.
import { useNavigate, useSearchParams } from "react-router";
import { useOne, type HttpError, useTranslate } from "@refinedev/core";
import { Button, Form, Input, Radio, Result, Skeleton, Space, Switch } from "antd";
import { BANK_NAME_MAX, INVOICE_ADDRESS_MAX, INVOICE_TITLE_MAX, INVOICE_TITLE_TYPES, invoiceTitleFormSchema, type InvoiceTitleRow } from "../../domain/people/invoice-title";
import { pathFor } from "../../access/routes";
import { FormField, FormMessage } from "../../components/FormField";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { useResourceForm } from "../useResourceForm";
import { useCodes } from "../../components/use-codes";

interface TitleValues {
  titleType: 1 | 2;
  title: string;
  taxNo: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  isDefault: boolean;
}
const EMPTY: TitleValues = { titleType: 2, title: "", taxNo: "", address: "", phone: "", bankName: "", bankAccount: "", isDefault: false };
const COMPANY_FIELDS = ["taxNo", "address", "phone", "bankName", "bankAccount"] as const;
// A personal title shows no company fields.
const fieldsOf = (v: TitleValues) => ["titleType", "title", "isDefault", ...(v.titleType === 2 ? COMPANY_FIELDS : [])] as const;
const payloadOf = (v: TitleValues) => ({ ...v, taxNo: v.taxNo.trim() });
const valuesOf = (r: InvoiceTitleRow): TitleValues => ({
  titleType: r.titleType, title: r.title, taxNo: r.taxNo ?? "", address: r.address ?? "", phone: r.phone ?? "", bankName: r.bankName ?? "", bankAccount: r.bankAccount ?? "", isDefault: r.isDefault === 1,
});

export default function EditInvoiceTitlePage() {
  const t = useTranslate();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  return (
    <WorkbenchFrame routeName="edit_invoice" title={t(id ? "invoiceTitles.editTitle" : "invoiceTitles.addTitle")}>
      <div className="tp-frame__card">
        <EditInvoiceTitle key={id ?? "new"} id={id} />
      </div>
    </WorkbenchFrame>
  );
}

function EditInvoiceTitle({ id }: { id?: number }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const back = () => navigate(pathFor("invoice_management"));
  const { result, query } = useOne<InvoiceTitleRow, HttpError>({ resource: "invoiceTitles", id, queryOptions: { enabled: id !== undefined } });
  // The form mounts only once the row is in, so the row is its starting values.
  if (id !== undefined && query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id !== undefined && query.error) {
    const known = query.error.statusCode === 404 || query.error.statusCode === 403;
    return (
      <Result
        status={known ? "404" : "error"}
        title={known ? query.error.message : t("invoiceTitles.loadError")}
        extra={<Space>{!known && <Button type="primary" onClick={() => query.refetch()}>{t("passengers.retry")}</Button>}<Button onClick={back}>{t("passengers.backToList")}</Button></Space>}
      />
    );
  }
  return <TitleForm id={id} initial={result ? valuesOf(result) : EMPTY} onBack={back} />;
}

function TitleForm({ id, initial, onBack }: { id?: number; initial: TitleValues; onBack: () => void }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  // The row is at hand (loaded before the form mounts): Refine's form only creates or updates it, and says so.
  const { control, watch, submit, saving, refusal } = useResourceForm<TitleValues, InvoiceTitleRow>({
    resource: "invoiceTitles", id, load: false, redirect: false, notify: true, schema: () => invoiceTitleFormSchema, defaultValues: initial, fields: fieldsOf, input: payloadOf, onSaved: onBack,
  });
  const company = watch("titleType") === 2;
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 560 }} aria-label={t("invoiceTitles.formLabel")}>
      <FormField control={control} name="titleType" label={t("invoiceTitles.titleType")}>
        <Radio.Group options={([2, 1] as const).map((k) => ({ value: k, label: codeLabel(INVOICE_TITLE_TYPES, k) }))} />
      </FormField>
      <FormField control={control} name="title" label={t("invoiceTitles.title")}>
        <Input maxLength={INVOICE_TITLE_MAX} placeholder={t(company ? "invoiceTitles.companyPlaceholder" : "invoiceTitles.personPlaceholder")} />
      </FormField>
      {company && (
        <>
          <FormField control={control} name="taxNo" label={t("invoiceTitles.taxNo")}>
            <Input maxLength={18} placeholder={t("invoiceTitles.taxNoPlaceholder")} style={{ textTransform: "uppercase" }} />
          </FormField>
          <FormField control={control} name="address" label={t("invoiceTitles.address")}>
            <Input maxLength={INVOICE_ADDRESS_MAX} placeholder={t("invoiceTitles.optional")} />
          </FormField>
          <FormField control={control} name="phone" label={t("invoiceTitles.phone")}>
            <Input maxLength={13} placeholder={t("invoiceTitles.optional")} />
          </FormField>
          <FormField control={control} name="bankName" label={t("invoiceTitles.bankName")}>
            <Input maxLength={BANK_NAME_MAX} placeholder={t("invoiceTitles.optional")} />
          </FormField>
          <FormField control={control} name="bankAccount" label={t("invoiceTitles.bankAccount")}>
            <Input maxLength={30} inputMode="numeric" placeholder={t("invoiceTitles.optional")} />
          </FormField>
        </>
      )}
      <FormField control={control} name="isDefault" label={t("invoiceTitles.isDefault")} valuePropName="checked">
        <Switch />
      </FormField>
      <FormMessage refusal={refusal} />
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t("passengers.save")}</Button>
        <Button onClick={onBack}>{t("passengers.cancel")}</Button>
      </Space>
    </Form>
  );
}
