// Every bill as a Refine resource (bill-<name>), listed at its own route by the one shared
// bill list (list.tsx); the definitions themselves live in src/domain/bills.ts (only names, routes and titles here,
// from src/domain/bill-pages.ts, so the first page does not load them).
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { BILL_NAMES, BILL_PAGES, billListPath, type BillName } from "../../domain/bill-pages";

export const billResourceName = (name: BillName) => `bill-${name}`;

export const billResources: ResourceProps[] = BILL_NAMES.map((name) => ({
  name: billResourceName(name),
  list: pathFor(BILL_PAGES[name].route),
  meta: { label: BILL_PAGES[name].title },
}));

export const billEndpoints: Record<string, ResourceEndpoints> = Object.fromEntries(
  BILL_NAMES.map((name) => [billResourceName(name), { list: billListPath(name) }]),
);
