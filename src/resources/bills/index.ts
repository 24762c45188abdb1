// Every bill as a Refine resource (bill-<name>), listed at its own route by the one shared
// bill list (list.tsx); the definitions themselves live in src/domain/bills.ts.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import { BILLS, BILL_NAMES, billListPath, type BillName } from "../../domain/bills";

export const billResourceName = (name: BillName) => `bill-${name}`;

export const billResources: ResourceProps[] = BILL_NAMES.map((name) => ({
  name: billResourceName(name),
  list: pathFor(BILLS[name].route),
  meta: { label: BILLS[name].title },
}));

export const billEndpoints: Record<string, ResourceEndpoints> = Object.fromEntries(
  BILL_NAMES.map((name) => [billResourceName(name), { list: billListPath(name) }]),
);
