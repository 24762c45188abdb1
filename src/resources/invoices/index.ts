// Invoice requests (报销凭证) as a Refine resource: listed at expense_proof, asked for in a
// drawer there, withdrawn through delete (only while waiting to be issued).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { INVOICE_PATHS } from "../../domain/people/invoice-paths";

export const invoicesResource: ResourceProps = {
  name: "invoices",
  list: pathFor("expense_proof"),
  meta: { label: "报销凭证" },
};

export const invoicesEndpoints: ResourceEndpoints = {
  list: INVOICE_PATHS.paging,
  create: INVOICE_PATHS.save,
  delete: INVOICE_PATHS.delete,
};
