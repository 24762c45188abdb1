// Every route of the portal, generated from the route table in
// src/access/routes.ts, history mode, inside the portal layout. A redirect route computes where
// the old address lands now; a page route shows its page, or its AreaPage in the workbench frame.
// Unknown paths end on /mismatch.
import { lazy, Suspense, type ComponentType } from "react";
import { BILL_PAGES } from "../domain/bill-pages";
import { Navigate, Route, Routes, useLocation, useParams } from "react-router";
import { ROUTES, MISMATCH_PATH, queryOf, withQuery, type RouteDef } from "../access/routes";
import { useSessionToken } from "../providers/use-session";
import { PortalLayout } from "../layout/PortalLayout";
import { PageSkeleton } from "../layout/PageSkeleton";
import { withTexts } from "../providers/i18n-provider";
import { preloadFirstOrderTab } from "../layout/order-list-loaders";
import { usePortalUser } from "../layout/session";
import { IndexPage } from "./index/IndexPage";

// Every page is its own chunk: a visitor downloads the code of the page they open, not of all
// the others (the index route's first load stays small). Pages other than the index page bring
// the texts beyond the first paint's with them (withTexts). The index page itself, the landing
// page most visits start on, is part of the first download: shown through a lazy import, it
// first showed a skeleton, and React holds a page that arrives just after a skeleton back for a
// moment (so it does not flash), which kept the hero from painting until a second in.
const MismatchPage = lazy(withTexts(() => import("./errors/MismatchPage").then((m) => ({ default: m.MismatchPage }))));
const LoginPage = lazy(withTexts(() => import("./login/LoginPage")));
const SelfInfoPage = lazy(withTexts(() => import("./account/SelfInfoPage")));
const SettingPage = lazy(withTexts(() => import("./account/SettingPage")));
const CompanyCentralIndex = lazy(withTexts(() => import("./workbench/CompanyCentralIndex")));
const TravelCentralIndex = lazy(withTexts(() => import("./workbench/TravelCentralIndex")));
const PersonalCentralIndex = lazy(withTexts(() => import("./workbench/PersonalCentralIndex")));
const DistributionCentralIndex = lazy(withTexts(() => import("./workbench/DistributionCentralIndex")));
const EmployeeListPage = lazy(withTexts(() => import("../resources/employees/list")));
const AreaPage = lazy(withTexts(() => import("../layout/AreaPage")));
// The operator console: its own frame and session, loaded only when /ops is opened.
const OpsConsole = lazy(withTexts(() => import("../ops/OpsConsole")));
const LandingPage = lazy(withTexts(() => import("../layout/LandingPage")));
const OrderListsPage = lazy(
  withTexts(() => {
    preloadFirstOrderTab();
    return import("../layout/OrderListsPage");
  }),
);
const WorkbenchFrame = lazy(withTexts(() => import("../layout/WorkbenchFrame").then((m) => ({ default: m.WorkbenchFrame }))));
const TextPage = lazy(withTexts(() => import("./text/TextPage")));
const OrderInfoPage = lazy(withTexts(() => import("../booking/flight/OrderInfoPage")));
const GpOrderInfoPage = lazy(withTexts(() => import("../booking/flight/GpOrderInfoPage")));
const FlightOrderShowPage = lazy(withTexts(() => import("../resources/flight-orders/show")));
const TravelApplicationListPage = lazy(withTexts(() => import("../resources/travel-applications/list")));
const AddTravelApplicationPage = lazy(withTexts(() => import("../resources/travel-applications/create")));
const ApplyDetailsPage = lazy(withTexts(() => import("../resources/travel-applications/show")));
const MessageCentrePage = lazy(withTexts(() => import("../resources/notifications/list")));
const NoticeSettingsPages = lazy(withTexts(() => import("../resources/notice-settings/pages")));
const TripDisruptionsPage = lazy(withTexts(() => import("../resources/trip-disruptions/list")));
const CompanyAuditPage = lazy(withTexts(() => import("../resources/company-audit/list")));
const TravelAuditIndexPage = lazy(withTexts(() => import("../resources/approvals/list")));
const AuditDetailsPage = lazy(withTexts(() => import("../resources/approvals/show")));
const StandardSettingsPage = lazy(withTexts(() => import("../resources/travel-standards/list")));
const EditStandardSettingsPage = lazy(withTexts(() => import("../resources/travel-standards/edit")));
const ProcessSettingsPage = lazy(withTexts(() => import("../resources/approval-flows/list")));
const EditProcessSettingsPage = lazy(withTexts(() => import("../resources/approval-flows/edit")));
const PreferenSettingsPage = lazy(withTexts(() => import("./travel/PreferenSettingsPage")));
const ReplaceSettingsPage = lazy(withTexts(() => import("../resources/replace-bookers/list")));
const CarStandardListPage = lazy(withTexts(() => import("../resources/car-standards/list")));
const CarStandardEditPage = lazy(withTexts(() => import("../resources/car-standards/edit")));
const MyStandardPage = lazy(withTexts(() => import("./travel/MyStandardPage")));
const DomesticAirTicketQuery = lazy(withTexts(() => import("../booking/flight/DomesticAirTicketQuery")));
const IntlFlightQuery = lazy(withTexts(() => import("../booking/intl/IntlFlightQuery")));
const IntlOrderInfoPage = lazy(withTexts(() => import("../booking/intl/IntlOrderInfoPage")));
const TrainQueryList = lazy(withTexts(() => import("../booking/train/TrainQueryList")));
const TrainTransferPage = lazy(withTexts(() => import("../booking/train/TrainTransferPage")));
const HotelIndex = lazy(withTexts(() => import("../booking/hotel/HotelIndex")));
const HotelList = lazy(withTexts(() => import("../booking/hotel/HotelList")));
const HotelDetails = lazy(withTexts(() => import("../booking/hotel/HotelDetails")));
const HotelOrderInfo = lazy(withTexts(() => import("../booking/hotel/HotelOrderInfo")));
const HotelOrderShowPage = lazy(withTexts(() => import("../resources/hotel-orders/show")));
const HotelPayPage = lazy(withTexts(() => import("../booking/pay/HotelPayPage")));
const TrainOrderInfo = lazy(withTexts(() => import("../booking/train/TrainOrderInfo")));
const TrainOrderShowPage = lazy(withTexts(() => import("../resources/train-orders/show")));
const TrainPayPage = lazy(withTexts(() => import("../booking/pay/TrainPayPage")));
const PayOrderPage = lazy(withTexts(() => import("../booking/pay/PayOrderPage")));
const AirOrderFinishPage = lazy(withTexts(() => import("../booking/pay/AirOrderFinishPage")));
const WalletPage = lazy(withTexts(() => import("../resources/wallet-ledger/list")));
const RechargeIndexPage = lazy(withTexts(() => import("../booking/recharge/RechargeIndexPage")));
const RechargePayPage = lazy(withTexts(() => import("../booking/recharge/RechargePayPage")));
const RechargeFinishPage = lazy(withTexts(() => import("../booking/recharge/RechargeFinishPage")));
const RechargeRecordPage = lazy(withTexts(() => import("../resources/recharges/list")));
const RewardsOutPage = lazy(withTexts(() => import("../resources/rewards/pages").then((m) => ({ default: m.RewardsOutPage }))));
const RewardsDetailPage = lazy(withTexts(() => import("../resources/rewards/pages").then((m) => ({ default: m.RewardsDetailPage }))));
const TianhanbaoDetailPage = lazy(withTexts(() => import("../resources/rewards/pages").then((m) => ({ default: m.TianhanbaoDetailPage }))));
const PayAuthCodePage = lazy(withTexts(() => import("./account/PayAuthCodePage")));
const SettlementPage = lazy(withTexts(() => import("../resources/settlement/page")));
const BillListPage = lazy(withTexts(() => import("../resources/bills/list")));
const ReportDetailedPage = lazy(withTexts(() => import("./reports/ReportDetailedPage")));
const EinvoiceManagePage = lazy(withTexts(() => import("../resources/einvoices/list")));
const LoginRequired = lazy(withTexts(() => import("../layout/StatePages").then((m) => ({ default: m.LoginRequired }))));
const PassengerListPage = lazy(withTexts(() => import("../resources/passengers/list")));
const EditPassengerPage = lazy(withTexts(() => import("../resources/passengers/edit")));
const ExternalTravellerListPage = lazy(withTexts(() => import("../resources/external-passengers/list")));
const AddressListPage = lazy(withTexts(() => import("../resources/addresses/list")));
const InvoiceTitleListPage = lazy(withTexts(() => import("../resources/invoice-titles/list")));
const InvoiceListPage = lazy(withTexts(() => import("../resources/invoices/list")));
const SubsidiaryListPage = lazy(withTexts(() => import("../resources/member-network/pages").then((m) => ({ default: m.SubsidiaryListPage }))));
const RecommendedPage = lazy(withTexts(() => import("../resources/member-network/pages").then((m) => ({ default: m.RecommendedPage }))));
const SubordinatePage = lazy(withTexts(() => import("../resources/member-network/pages").then((m) => ({ default: m.SubordinatePage }))));
const QuickOrderPage = lazy(withTexts(() => import("../resources/member-network/pages").then((m) => ({ default: m.QuickOrderPage }))));
const EditInvoiceTitlePage = lazy(withTexts(() => import("../resources/invoice-titles/edit")));
const ImportPassengersPage = lazy(withTexts(() => import("../resources/traveller-import/pages").then((m) => ({ default: m.ImportPassengersPage }))));
const ImportExternalPassengersPage = lazy(withTexts(() => import("../resources/traveller-import/pages").then((m) => ({ default: m.ImportExternalPassengersPage }))));
const ImportEmployeesPage = lazy(withTexts(() => import("../resources/employees/import")));

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
  // One page for both: business first on the business address (an administrator booking for staff).
  order_info: OrderInfoPage,
  order_info_business: OrderInfoPage,
  order_info_office: GpOrderInfoPage,
  TicketOrderDetails: FlightOrderShowPage,
  pay_order: PayOrderPage,
  pay_hotel: HotelPayPage,
  hotel_orderInfo: HotelOrderInfo,
  HotelOrderDetails: HotelOrderShowPage,
  train_order_info: TrainOrderInfo,
  train_ab_order_info: ({ routeName }) => <TrainOrderInfo routeName={routeName} variant="ab" />,
  train_nab_order_info: ({ routeName }) => <TrainOrderInfo routeName={routeName} variant="nab" />,
  train_order_pay: TrainPayPage,
  TrainOrderDetails: TrainOrderShowPage,
  air_order_finish: AirOrderFinishPage,
  my_wallet: WalletPage,
  recharge_index: RechargeIndexPage,
  Recharge: RechargeIndexPage,
  recharge_pay: RechargePayPage,
  recharge_finish: RechargeFinishPage,
  RechargeRecord: RechargeRecordPage,
  RewardsOut: RewardsOutPage,
  RewradsDetail: RewardsDetailPage,
  tianhanbao_detail: TianhanbaoDetailPage,
  pay_authorization_code: PayAuthCodePage,
  SettlementSet: SettlementPage,
  // Every bill's route shows the one bill list, which picks its bill by the route name.
  ...Object.fromEntries(Object.values(BILL_PAGES).map((b) => [b.route, BillListPage])),
  ReportDetailed: ReportDetailedPage,
  EinvoiceManage: EinvoiceManagePage,
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
  expense_proof: InvoiceListPage,
  invoice_management: InvoiceTitleListPage,
  message_centre: MessageCentrePage,
  notice_settings: NoticeSettingsPages,
  NoticeSettings: NoticeSettingsPages,
  TripDisruptions: TripDisruptionsPage,
  OperatorAudit: CompanyAuditPage,
  edit_invoice: EditInvoiceTitlePage,
  Subsidiaries: SubsidiaryListPage,
  Recommended: RecommendedPage,
  Subordinate: SubordinatePage,
  QuickOrder: QuickOrderPage,
  import_passengers: ImportPassengersPage,
  import_external_passengers: ImportExternalPassengersPage,
  import_employees: ImportEmployeesPage,
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
  // One page for both: the business section shows for company members on either address.
  international_order_info: IntlOrderInfoPage,
  international_order_info_business: IntlOrderInfoPage,
  train_query_list: TrainQueryList,
  train_ab_query_list: ({ routeName }) => <TrainQueryList routeName={routeName} variant="ab" />,
  train_nab_query_list: ({ routeName }) => <TrainQueryList routeName={routeName} variant="nab" />,
  train_transfer: TrainTransferPage,
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
  const token = useSessionToken();
  // Without a session a protected route waits for the login (the guard opens the dialog);
  // redirects wait too, so /myCenter/index can pick the workbench of whoever signs in.
  if (def.auth && !token)
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
      <Route
        path="/ops/*"
        element={
          <Suspense fallback={<PageSkeleton />}>
            <OpsConsole />
          </Suspense>
        }
      />
      <Route element={<PortalLayout />}>
        {ROUTES.map((def) => (
          <Route key={def.name} path={def.path} element={<RouteElement def={def} />} />
        ))}
        <Route path="*" element={<Navigate to={MISMATCH_PATH} replace />} />
      </Route>
    </Routes>
  );
}
