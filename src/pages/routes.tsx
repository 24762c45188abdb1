// Every route of the portal (spec §2 "Routes"), generated from the route table in
// src/access/routes.ts, history mode, inside the portal layout. A redirect route computes where
// the old address lands now; a page route shows its page, or its AreaPage in the workbench frame.
// Unknown paths end on /mismatch.
import { lazy, Suspense, type ComponentType } from "react";
import { Navigate, Route, Routes, useLocation, useParams } from "react-router";
import { ROUTES, MISMATCH_PATH, queryOf, withQuery, type RouteDef } from "../access/routes";
import { getToken } from "../providers/session-store";
import { PortalLayout } from "./layout/PortalLayout";
import { PageSkeleton } from "./layout/PageSkeleton";
import { usePortalUser } from "./layout/session";

// Every page is its own chunk: a visitor downloads the code of the page they open, not of all
// the others (the index route's first load stays small).
const IndexPage = lazy(() => import("./index/IndexPage").then((m) => ({ default: m.IndexPage })));
const MismatchPage = lazy(() => import("./errors/MismatchPage").then((m) => ({ default: m.MismatchPage })));
const LoginPage = lazy(() => import("./login/LoginPage"));
const SelfInfoPage = lazy(() => import("./account/SelfInfoPage"));
const SettingPage = lazy(() => import("./account/SettingPage"));
const CompanyCentralIndex = lazy(() => import("./workbench/CompanyCentralIndex"));
const TravelCentralIndex = lazy(() => import("./workbench/TravelCentralIndex"));
const PersonalCentralIndex = lazy(() => import("./workbench/PersonalCentralIndex"));
const DistributionCentralIndex = lazy(() => import("./workbench/DistributionCentralIndex"));
const EmployeeListPage = lazy(() => import("../resources/employees/list"));
const AreaPage = lazy(() => import("./layout/AreaPage"));
const LandingPage = lazy(() => import("./layout/LandingPage"));
const OrderListsPage = lazy(() => import("./layout/OrderListsPage"));
const WorkbenchFrame = lazy(() => import("./layout/WorkbenchFrame").then((m) => ({ default: m.WorkbenchFrame })));
const TextPage = lazy(() => import("./text/TextPage"));
const OrderInfoPage = lazy(() => import("../booking/flight/OrderInfoPage"));
const FlightOrderShowPage = lazy(() => import("../resources/flight-orders/show"));
const TravelApplicationListPage = lazy(() => import("../resources/travel-applications/list"));
const AddTravelApplicationPage = lazy(() => import("../resources/travel-applications/create"));
const ApplyDetailsPage = lazy(() => import("../resources/travel-applications/show"));
const TravelAuditIndexPage = lazy(() => import("../resources/approvals/list"));
const AuditDetailsPage = lazy(() => import("../resources/approvals/show"));
const StandardSettingsPage = lazy(() => import("../resources/travel-standards/list"));
const EditStandardSettingsPage = lazy(() => import("../resources/travel-standards/edit"));
const ProcessSettingsPage = lazy(() => import("../resources/approval-flows/list"));
const EditProcessSettingsPage = lazy(() => import("../resources/approval-flows/edit"));
const PreferenSettingsPage = lazy(() => import("./travel/PreferenSettingsPage"));
const ReplaceSettingsPage = lazy(() => import("../resources/replace-bookers/list"));
const CarStandardListPage = lazy(() => import("../resources/car-standards/list"));
const CarStandardEditPage = lazy(() => import("../resources/car-standards/edit"));
const MyStandardPage = lazy(() => import("./travel/MyStandardPage"));
const DomesticAirTicketQuery = lazy(() => import("../booking/flight/DomesticAirTicketQuery"));
const IntlFlightQuery = lazy(() => import("../booking/intl/IntlFlightQuery"));
const TrainQueryList = lazy(() => import("../booking/train/TrainQueryList"));
const HotelIndex = lazy(() => import("../booking/hotel/HotelIndex"));
const HotelList = lazy(() => import("../booking/hotel/HotelList"));
const HotelDetails = lazy(() => import("../booking/hotel/HotelDetails"));
const PayOrderPage = lazy(() => import("../booking/pay/PayOrderPage"));
const AirOrderFinishPage = lazy(() => import("../booking/pay/AirOrderFinishPage"));
const WalletPage = lazy(() => import("../resources/wallet-ledger/list"));
const ReportDetailedPage = lazy(() => import("./reports/ReportDetailedPage"));
const LoginRequired = lazy(() => import("./layout/StatePages").then((m) => ({ default: m.LoginRequired })));
const PassengerListPage = lazy(() => import("../resources/passengers/list"));
const EditPassengerPage = lazy(() => import("../resources/passengers/edit"));
const ExternalTravellerListPage = lazy(() => import("../resources/external-passengers/list"));
const AddressListPage = lazy(() => import("../resources/addresses/list"));
const InvoiceTitleListPage = lazy(() => import("../resources/invoice-titles/list"));
const EditInvoiceTitlePage = lazy(() => import("../resources/invoice-titles/edit"));
const ImportPassengersPage = lazy(() => import("../resources/traveller-import/pages").then((m) => ({ default: m.ImportPassengersPage })));
const ImportExternalPassengersPage = lazy(() => import("../resources/traveller-import/pages").then((m) => ({ default: m.ImportExternalPassengersPage })));

export { MISMATCH_PATH, INDEX_PATH } from "../access/routes";

type Page = ComponentType<{ routeName: string }>;

const landing: Page = ({ routeName }) => <LandingPage routeName={routeName} />;

/** Routes with a page of their own; every other page route is an AreaPage. */
const PAGES: Record<string, Page> = {
  index: IndexPage,
  index_shtml: IndexPage,
  Login: LoginPage,
  mismatch: MismatchPage,
  // The account pages head themselves with a titled card; the frame adds the area's navigation.
  self_info: ({ routeName }) => (
    <WorkbenchFrame routeName={routeName} showTitle={false}>
      <SelfInfoPage />
    </WorkbenchFrame>
  ),
  setting: ({ routeName }) => (
    <WorkbenchFrame routeName={routeName} showTitle={false}>
      <SettingPage />
    </WorkbenchFrame>
  ),
  CompanyCentralIndex,
  TravelCentralIndex,
  PersonalCentralIndex,
  DistributionCentralIndex,
  OrderLists: OrderListsPage,
  order_info: OrderInfoPage,
  TicketOrderDetails: FlightOrderShowPage,
  pay_order: PayOrderPage,
  air_order_finish: AirOrderFinishPage,
  my_wallet: WalletPage,
  ReportDetailed: ReportDetailedPage,
  EnterpriseStall: EmployeeListPage,
  TravelApplicationList: TravelApplicationListPage,
  AddTravelApplication: AddTravelApplicationPage,
  ApplyDetails: ApplyDetailsPage,
  TravelAuditIndex: TravelAuditIndexPage,
  OrderAuditIndex: TravelAuditIndexPage,
  AuditDetails: AuditDetailsPage,
  my_standard: MyStandardPage,
  StandardSettings: StandardSettingsPage,
  EditStandardSettings: EditStandardSettingsPage,
  ProcessSettings: ProcessSettingsPage,
  PreferenSettings: PreferenSettingsPage,
  ReplaceSettings: ReplaceSettingsPage,
  usecar_manager_list: CarStandardListPage,
  usecar_install_info: CarStandardEditPage,
  EditProcessSettings: EditProcessSettingsPage,
  Passengers: PassengerListPage,
  edit_passengers: EditPassengerPage,
  ExternalPersonnel: ExternalTravellerListPage,
  address_list: AddressListPage,
  invoice_management: InvoiceTitleListPage,
  edit_invoice: EditInvoiceTitlePage,
  import_passengers: ImportPassengersPage,
  import_external_passengers: ImportExternalPassengersPage,
  text_company: ({ routeName }) => <TextPage kind="company" routeName={routeName} />,
  text_serviceagreement: ({ routeName }) => <TextPage kind="service_agreement" routeName={routeName} />,
  agreement_frame: ({ routeName }) => <TextPage routeName={routeName} />,
  th_official_index: landing,
  th_business_index: landing,
  partner_plan_index: landing,
  WLBusinessWLIndex: landing,
  GYBusinessGYIndex: landing,
  Welcome: landing,
  xilin_activity: ({ routeName }) => <LandingPage routeName={routeName} overlay />,
  DomesticAirTicketQuery: DomesticAirTicketQuery,
  intl_flight_query_list: IntlFlightQuery,
  train_query_list: TrainQueryList,
  hotel_index: HotelIndex,
  hotel_list: HotelList,
  hotel_details: HotelDetails,
};

/** An old address: compute the new one (with the user, for /myCenter/index) and replace. */
function RedirectRoute({ def }: { def: RouteDef }) {
  const params = useParams();
  const location = useLocation();
  const user = usePortalUser();
  const target = def.redirect!({ params, query: queryOf(location.search), subject: user });
  return <Navigate to={withQuery(target.path, target.query) + location.hash} state={target.state ?? location.state} replace />;
}

function RouteElement({ def }: { def: RouteDef }) {
  // Without a session a protected route waits for the login (the guard opens the dialog);
  // redirects wait too, so /myCenter/index can pick the workbench of whoever signs in.
  if (def.auth && !getToken())
    return (
      <Suspense fallback={<PageSkeleton />}>
        <LoginRequired />
      </Suspense>
    );
  if (def.redirect) return <RedirectRoute def={def} />;
  const Page = PAGES[def.name];
  // key: a new page starts fresh even when react-router reuses the element.
  return (
    <Suspense fallback={<PageSkeleton />}>
      {Page ? <Page key={def.name} routeName={def.name} /> : <AreaPage key={def.name} routeName={def.name} />}
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PortalLayout />}>
        {ROUTES.map((def) => (
          <Route key={def.name} path={def.path} element={<RouteElement def={def} />} />
        ))}
        <Route path="*" element={<Navigate to={MISMATCH_PATH} replace />} />
      </Route>
    </Routes>
  );
}
