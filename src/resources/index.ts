// The registry of Refine resources. Each resource folder (src/resources/<name>/index.ts) exports
// its ResourceProps and its endpoint map; add both here and App.tsx picks them up.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../providers/data-provider";
import { employeesEndpoints, employeesResource } from "./employees";
import { flightOrdersEndpoints, flightOrdersResource } from "./flight-orders";
import { walletLedgerEndpoints, walletLedgerResource } from "./wallet-ledger";
import { passengersEndpoints, passengersResource } from "./passengers";
import { externalPassengersEndpoints, externalPassengersResource } from "./external-passengers";
import { addressesEndpoints, addressesResource } from "./addresses";
import { invoiceTitlesEndpoints, invoiceTitlesResource } from "./invoice-titles";

/** Catalogue paths per resource, read by the data provider. */
export const resourceEndpoints: Record<string, ResourceEndpoints> = {
  employees: employeesEndpoints,
  "flight-orders": flightOrdersEndpoints,
  "wallet-ledger": walletLedgerEndpoints,
  passengers: passengersEndpoints,
  externalPassengers: externalPassengersEndpoints,
  addresses: addressesEndpoints,
  invoiceTitles: invoiceTitlesEndpoints,
};

/** Resource definitions for <Refine resources>. Label keys: `<name>.<name>` in src/locales. */
export const resources: ResourceProps[] = [
  employeesResource,
  flightOrdersResource,
  walletLedgerResource,
  passengersResource,
  externalPassengersResource,
  addressesResource,
  invoiceTitlesResource,
];
