// The drawer that asks for an invoice: pick invoiceable orders (the member's paid orders not on a
// live request), a title and how the invoice is delivered. A react-hook-form form checked with
// the schema the server validates with; the amount shown is the selected orders' sum, and the
// server computes it again from the orders themselves.
import { useEffect } from "react";
import { useCustom, useList, useNavigation, type HttpError, useTranslate } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useWatch } from "react-hook-form";
import { Alert, Button, Drawer, Empty, Form, Input, Radio, Select, Space, Statistic, Table, Typography } from "antd";
import { INVOICE_DELIVERIES, INVOICE_EMAIL_MAX, INVOICE_PATHS, INVOICE_REMARK_MAX, invoiceRequestSchema, type InvoiceableOrder, type InvoiceRequest, type InvoiceRequestInput, type InvoiceRow } from "../../domain/people/invoice";
import type { InvoiceTitleRow } from "../../domain/people/invoice-title";
import type { AddressRow } from "../../domain/people/address";
import { FLIGHT_ORDER_LABELS } from "../../domain/orders/flight";
import { useCodes } from "../../components/use-codes";
import { formatFen, moneyText } from "../../domain/money";

type Values = InvoiceRequestInput;
const EMPTY: Values = { orderIds: [], titleId: undefined as unknown as number, delivery: "email", email: "", addressId: undefined, remark: "" };

export function InvoiceRequestDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  const { codeLabel } = useCodes();
  const { list } = useNavigation();
  // The orders change as requests are made and withdrawn: always stale, so each opening (the
  // query being enabled again) fetches them afresh.
  const orders = useCustom<{ list: InvoiceableOrder[] }>({ url: INVOICE_PATHS.orders, method: "post", config: { payload: {} }, queryOptions: { enabled: open, staleTime: 0 }, errorNotification: false });
  const titles = useList<InvoiceTitleRow, HttpError>({ resource: "invoiceTitles", pagination: { currentPage: 1, pageSize: 50 }, queryOptions: { enabled: open }, errorNotification: false });
  const addresses = useList<AddressRow, HttpError>({ resource: "addresses", pagination: { currentPage: 1, pageSize: 50 }, queryOptions: { enabled: open }, errorNotification: false });
  const {
    control,
    reset,
    handleSubmit,
    formState: { errors },
    refineCore: { onFinish, formLoading },
  } = useForm<InvoiceRow, HttpError, Values>({
    refineCoreProps: {
      resource: "invoices",
      action: "create",
      redirect: false,
      successNotification: () => ({ message: t("invoices.requested"), type: "success" }),
      errorNotification: (e) => ({ message: e?.message ?? t("invoices.requestFailed"), type: "error" }),
    },
    resolver: zodResolver(invoiceRequestSchema) as never,
    defaultValues: EMPTY,
  });
  const orderRows = orders.result.data?.list ?? [];
  const titleRows = titles.result.data ?? [];
  const addressRows = addresses.result.data ?? [];
  const selected = (useWatch({ control, name: "orderIds" }) ?? []).map(Number);
  const delivery = useWatch({ control, name: "delivery" });
  const amountFen = orderRows.filter((o) => selected.includes(o.id)).reduce((sum, o) => sum + o.totalFen, 0);

  // A fresh form, with the default title and address picked, each time the drawer opens.
  const defaultTitle = titleRows.find((r) => r.isDefault === 1)?.id;
  const defaultAddress = addressRows.find((r) => r.isDefault === 1)?.id;
  useEffect(() => {
    if (open) reset({ ...EMPTY, titleId: defaultTitle as number, addressId: defaultAddress });
  }, [open, defaultTitle, defaultAddress, reset]);

  const fieldError = (name: keyof Values) => {
    const e = errors[name];
    return e?.message ? { validateStatus: "error" as const, help: String(e.message) } : {};
  };
  const submit = handleSubmit(async (values) => {
    await onFinish(values as unknown as InvoiceRequest as never);
    onClose();
  });

  return (
    <Drawer title={t("invoices.add")} open={open} onClose={onClose} width={720} destroyOnHidden
      footer={
        <Space style={{ justifyContent: "space-between", width: "100%" }}>
          <Statistic title={t("invoices.amount")} prefix="¥" value={formatFen(amountFen)} valueStyle={{ fontSize: 20 }} />
          <Space>
            <Button onClick={onClose}>{t("common.cancel")}</Button>
            <Button type="primary" loading={formLoading} onClick={() => void submit().catch(() => undefined)}>{t("invoices.submit")}</Button>
          </Space>
        </Space>
      }>
      <Form layout="vertical" component="div" aria-label={t("invoices.formLabel")}>
        <Form.Item label={t("invoices.pickOrders")} required {...fieldError("orderIds")}>
          <Controller
            name="orderIds"
            control={control}
            render={({ field }) => (
              <Table<InvoiceableOrder>
                size="small"
                rowKey="id"
                loading={orders.query.isLoading}
                dataSource={orderRows}
                pagination={orderRows.length > 8 ? { pageSize: 8, size: "small" } : false}
                rowSelection={{ selectedRowKeys: (field.value ?? []).map(Number), onChange: (keys) => field.onChange(keys.map(Number)) }}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={orders.query.error ? orders.query.error.message : t("invoices.noOrders")} /> }}
                columns={[
                  { title: t("invoices.orderNo"), dataIndex: "orderNo", key: "orderNo" },
                  { title: t("invoices.trip"), dataIndex: "title", key: "title", render: (v: string, o) => <Space direction="vertical" size={0}><span>{v}</span><Typography.Text type="secondary">{o.depDate}</Typography.Text></Space> },
                  { title: t("invoices.status"), dataIndex: "status", key: "status", render: (v: number) => codeLabel(FLIGHT_ORDER_LABELS, v) },
                  { title: t("invoices.amount"), dataIndex: "totalFen", key: "totalFen", align: "right", render: (v: number) => moneyText(v) },
                ]}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t("invoices.title")} required {...fieldError("titleId")}
          extra={titleRows.length === 0 && !titles.query.isLoading ? <a onClick={() => list("invoiceTitles")}>{t("invoices.addTitleFirst")}</a> : undefined}>
          <Controller
            name="titleId"
            control={control}
            render={({ field }) => (
              <Select value={field.value} onChange={field.onChange} onBlur={field.onBlur} aria-label={t("invoices.title")} placeholder={t("invoices.pickTitle")} loading={titles.query.isLoading}
                options={titleRows.map((r) => ({ value: r.id, label: r.taxNo ? `${r.title}${t("common.parenthesized", { text: r.taxNo })}` : r.title }))} />
            )}
          />
        </Form.Item>
        <Form.Item label={t("invoices.delivery")} required {...fieldError("delivery")}>
          <Controller
            name="delivery"
            control={control}
            render={({ field }) => (
              <Radio.Group value={field.value} onChange={(e) => field.onChange(e.target.value)} options={(["email", "paper"] as const).map((k) => ({ value: k, label: codeLabel(INVOICE_DELIVERIES, k) }))} />
            )}
          />
        </Form.Item>
        {delivery === "paper" ? (
          <Form.Item label={t("invoices.address")} required {...fieldError("addressId")}
            extra={addressRows.length === 0 && !addresses.query.isLoading ? <a onClick={() => list("addresses")}>{t("invoices.addAddressFirst")}</a> : undefined}>
            <Controller
              name="addressId"
              control={control}
              render={({ field }) => (
                <Select value={field.value} onChange={field.onChange} onBlur={field.onBlur} aria-label={t("invoices.address")} placeholder={t("invoices.pickAddress")} loading={addresses.query.isLoading}
                  options={addressRows.map((a) => ({ value: a.id, label: `${a.receiver} ${a.mobilePhone} ${a.provinceName}${a.cityName}${a.districtName}${a.detail}` }))} />
              )}
            />
          </Form.Item>
        ) : (
          <Form.Item label={t("invoices.email")} required {...fieldError("email")}>
            <Controller name="email" control={control} render={({ field }) => <Input {...field} value={field.value ?? ""} maxLength={INVOICE_EMAIL_MAX} aria-label={t("invoices.email")} placeholder="name@example.com" />} />
          </Form.Item>
        )}
        <Form.Item label={t("invoices.remark")} {...fieldError("remark")}>
          <Controller name="remark" control={control} render={({ field }) => <Input.TextArea {...field} value={field.value ?? ""} maxLength={INVOICE_REMARK_MAX} rows={2} aria-label={t("invoices.remark")} />} />
        </Form.Item>
        <Alert type="info" showIcon message={t("invoices.amountNote")} />
      </Form>
    </Drawer>
  );
}
