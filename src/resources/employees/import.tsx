// import_employees (/myCenter/import_employees, type 70 with pnrImport): the company's employees
// from xlsx, on the same import page as travellers: the template, the preview with every bad
// row's errors by field, then the valid rows imported at once.
import type { useTranslate } from "@refinedev/core";
import type { TableColumnsType } from "antd";
import { EMPLOYEE_PATHS } from "../../domain/people/employee-rules";
import { ImportPage, type ImportRow } from "../traveller-import/ImportPage";

const columns = (t: ReturnType<typeof useTranslate>): TableColumnsType<ImportRow> => [
  { title: t("staff.importColumns.realName"), dataIndex: "realName", key: "realName", render: (v: string) => v || "—" },
  { title: t("staff.importColumns.mobile"), dataIndex: "mobilePhone", key: "mobilePhone", render: (v: string) => v || "—" },
  { title: t("staff.importColumns.department"), dataIndex: "department", key: "department", render: (v: string) => v || "—" },
];

export default function ImportEmployeesPage() {
  return (
    <ImportPage
      routeName="import_employees"
      base={EMPLOYEE_PATHS.importBase}
      listRoute="EnterpriseStall"
      resource="employees"
      columns={columns}
      texts={{ hint: "staff.importHint", imported: "staff.imported", toList: "staff.toList" }}
    />
  );
}
