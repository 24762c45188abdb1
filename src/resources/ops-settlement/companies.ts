// The company picker of the settlement screens: searched by name on the server, 20 at a time.
import { useSelect } from "@refinedev/core";
import type { OpsCompanyOption } from "../../domain/ops/finance-schemas";
import { OPS_SETTLEMENT_COMPANIES } from ".";

/** The picker's props for an antd Select: options from the server, searched there, not filtered again here. */
export function useCompanyOptions() {
  const select = useSelect<OpsCompanyOption>({
    resource: OPS_SETTLEMENT_COMPANIES,
    optionLabel: "name",
    optionValue: "id",
    pagination: { pageSize: 20 },
    onSearch: (value) => [{ field: "keyword", operator: "eq", value: value.trim() || undefined }],
    debounce: 300,
    errorNotification: false,
  });
  return { selectProps: { options: select.options, onSearch: select.onSearch, loading: select.query.isLoading, filterOption: false, showSearch: true } };
}
