// Invoice titles (发票抬头) as a Refine resource: listed at invoice_management, added and edited
// on the edit_invoice page (?id= for an existing one).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";

export const invoiceTitlesResource: ResourceProps = {
  name: "invoiceTitles",
  list: pathFor("invoice_management"),
  create: pathFor("edit_invoice"),
  meta: { label: "发票抬头" },
};

// save serves both adding and updating (an id means update).
export const invoiceTitlesEndpoints: ResourceEndpoints = {
  list: "/member/invoiceTitle/list",
  one: "/member/invoiceTitle/detail",
  create: "/member/invoiceTitle/save",
  update: "/member/invoiceTitle/save",
  delete: "/member/invoiceTitle/delete",
};

export const editInvoiceTitlePath = (id?: number) => pathFor("edit_invoice", undefined, id === undefined ? undefined : { id: String(id) });
