// Where the company's documents (发票管理) are read, apart from their schemas: the portal's
// resource registry loads with the first page and must not bring zod and the schemas with it.
export const COMPANY_EINVOICE_PATHS = {
  list: "/company/einvoice/list",
  zip: "/company/einvoice/zip",
  pdf: "/company/einvoice/pdf",
  xml: "/company/einvoice/xml",
} as const;
