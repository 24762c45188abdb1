// Whether the airline's desk accepts requests nobody took by itself (the default) or leaves every
// request to the queue. Turning it back on lets the desk take up the requests still waiting.
import { useCustom, useCustomMutation, useTranslate, type HttpError } from "@refinedev/core";
import { App, Space, Switch, Typography } from "antd";
import { AFTER_SALES_PATHS as P, type AfterSalesPolicy } from "../../domain/ops/after-sales";

export function AfterSalesPolicySwitch() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { result, query } = useCustom<AfterSalesPolicy, HttpError>({ url: P.policy, method: "post", errorNotification: false });
  const save = useCustomMutation<AfterSalesPolicy>();
  const on = result?.data?.autoAccept;
  const change = (autoAccept: boolean) =>
    void save
      .mutateAsync({ url: P.setPolicy, method: "post", values: { autoAccept }, successNotification: false, errorNotification: false })
      .then(
        () => {
          void query.refetch();
          void message.success(t(autoAccept ? "ops.afterSales.policyOn" : "ops.afterSales.policyOff"));
        },
        (e: HttpError) => void message.error(e.message),
      );
  return (
    <Space>
      <Switch
        checked={on ?? true}
        loading={query.isLoading || save.mutation.isPending}
        disabled={query.isError}
        onChange={change}
        aria-label={t("ops.afterSales.autoAccept")}
        data-testid="after-sales-auto-accept"
      />
      <Typography.Text>{t("ops.afterSales.autoAccept")}</Typography.Text>
    </Space>
  );
}
