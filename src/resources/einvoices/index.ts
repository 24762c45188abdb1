// The company's reimbursement documents (发票管理) as a Refine resource's endpoints, listed at
// EinvoiceManage. No ResourceProps: no menu or breadcrumb reads it (the permission tree names
// the page), and this registry loads with the first page, whose budget is spent.
import type { ResourceEndpoints } from "../../providers/data-provider";
import { COMPANY_EINVOICE_PATHS } from "../../domain/einvoice/company-paths";

export const COMPANY_EINVOICES = "company-einvoices";

export const companyEinvoicesEndpoints: ResourceEndpoints = { list: COMPANY_EINVOICE_PATHS.list };
