// The invoice calls' paths, apart from their schemas so the resource registry (loaded with the
// first page) does not bring zod along. The catalogue names /invoice/paging, save and delete;
// /invoice/orders (the orders that can be invoiced now) completes them.
export const INVOICE_PATHS = {
  paging: "/invoice/paging",
  save: "/invoice/save",
  delete: "/invoice/delete",
  orders: "/invoice/orders",
} as const;
