// The registry of Refine resources. Each resource folder (src/resources/<name>/index.ts) exports
// its ResourceProps and its endpoint map; add both here and App.tsx picks them up.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../providers/data-provider";
import { bookingTravellersEndpoints, bookingTravellersResource, departmentsEndpoints, departmentsResource, employeeTripLevelsEndpoints, employeeTripLevelsResource, employeesEndpoints, employeesResource } from "./employees";
import { flightOrdersEndpoints, flightOrdersResource } from "./flight-orders";
import { hotelOrdersEndpoints, hotelOrdersResource } from "./hotel-orders";
import { trainAfterSalesEndpoints, trainOrdersEndpoints, trainOrdersResource } from "./train-orders";
import { walletLedgerEndpoints, walletLedgerResource } from "./wallet-ledger";
import { bankCardEndpoints, withdrawalsEndpoints, withdrawalsResource } from "./withdrawals";
import { rechargesEndpoints, rechargesResource } from "./recharges";
import { REWARDS_TRANSFERS, rewardsEndpoints, rewardsResource, rewardsTransfersEndpoints } from "./rewards";
import { passengersEndpoints, passengersResource } from "./passengers";
import { externalPassengersEndpoints, externalPassengersResource } from "./external-passengers";
import { addressesEndpoints, addressesResource } from "./addresses";
import { invoiceTitlesEndpoints, invoiceTitlesResource } from "./invoice-titles";
import { invoicesEndpoints, invoicesResource } from "./invoices";
import { travelApplicationsEndpoints, travelApplicationsResource } from "./travel-applications";
import { APPROVAL_DECISIONS, approvalDecisionsEndpoints, approvalsEndpoints, approvalsResource } from "./approvals";
import { cityTiersEndpoints, cityTiersResource, travelStandardsEndpoints, travelStandardsResource } from "./travel-standards";
import { approvalFlowsEndpoints, approvalFlowsResource } from "./approval-flows";
import { replaceBookersEndpoints, replaceBookersResource } from "./replace-bookers";
import { carCitiesEndpoints, carCitiesResource, carStandardsEndpoints, carStandardsResource, tripLevelsEndpoints, tripLevelsResource } from "./car-standards";
import {
  SETTLEMENT_DISPUTES, settlementDisputesEndpoints, settlementSettingsEndpoints, settlementSettingsResource, settlementStatementsEndpoints, settlementStatementsResource,
} from "./settlement";
import { billEndpoints, billResources } from "./bills";
import { memberNetworkEndpoints, memberNetworkResources } from "./member-network";
import { notificationsEndpoints, notificationsResource } from "./notifications";
import { COMPANY_EINVOICES, companyEinvoicesEndpoints } from "./einvoices";
import { COMPANY_DISRUPTIONS, companyDisruptionsEndpoints } from "./trip-disruptions";

/** Catalogue paths per resource, read by the data provider. */
export const resourceEndpoints: Record<string, ResourceEndpoints> = {
  employees: employeesEndpoints,
  departments: departmentsEndpoints,
  "booking-travellers": bookingTravellersEndpoints,
  "employee-trip-levels": employeeTripLevelsEndpoints,
  "trip-levels": tripLevelsEndpoints,
  "car-cities": carCitiesEndpoints,
  "flight-orders": flightOrdersEndpoints,
  "hotel-orders": hotelOrdersEndpoints,
  "train-orders": trainOrdersEndpoints,
  ...trainAfterSalesEndpoints,
  "wallet-ledger": walletLedgerEndpoints,
  withdrawals: withdrawalsEndpoints,
  ...bankCardEndpoints,
  recharges: rechargesEndpoints,
  rewards: rewardsEndpoints,
  [REWARDS_TRANSFERS]: rewardsTransfersEndpoints,
  passengers: passengersEndpoints,
  externalPassengers: externalPassengersEndpoints,
  addresses: addressesEndpoints,
  invoiceTitles: invoiceTitlesEndpoints,
  invoices: invoicesEndpoints,
  "travel-applications": travelApplicationsEndpoints,
  approvals: approvalsEndpoints,
  [APPROVAL_DECISIONS]: approvalDecisionsEndpoints,
  "travel-standards": travelStandardsEndpoints,
  "city-tiers": cityTiersEndpoints,
  "approval-flows": approvalFlowsEndpoints,
  "replace-bookers": replaceBookersEndpoints,
  "car-standards": carStandardsEndpoints,
  "settlement-statements": settlementStatementsEndpoints,
  "settlement-settings": settlementSettingsEndpoints,
  [SETTLEMENT_DISPUTES]: settlementDisputesEndpoints,
  notifications: notificationsEndpoints,
  [COMPANY_EINVOICES]: companyEinvoicesEndpoints,
  [COMPANY_DISRUPTIONS]: companyDisruptionsEndpoints,
  ...billEndpoints,
  ...memberNetworkEndpoints,
};

/** Resource definitions for <Refine resources>. Label keys: `<name>.<name>` in src/locales. */
export const resources: ResourceProps[] = [
  employeesResource,
  departmentsResource,
  bookingTravellersResource,
  employeeTripLevelsResource,
  tripLevelsResource,
  carCitiesResource,
  flightOrdersResource,
  hotelOrdersResource,
  trainOrdersResource,
  walletLedgerResource,
  withdrawalsResource,
  rechargesResource,
  rewardsResource,
  passengersResource,
  externalPassengersResource,
  addressesResource,
  invoiceTitlesResource,
  invoicesResource,
  travelApplicationsResource,
  approvalsResource,
  travelStandardsResource,
  cityTiersResource,
  approvalFlowsResource,
  replaceBookersResource,
  carStandardsResource,
  settlementStatementsResource,
  settlementSettingsResource,
  notificationsResource,
  ...memberNetworkResources,
  ...billResources,
];
