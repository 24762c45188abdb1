// Every route of the portal (spec §2 "Routes"), generated from the route table in
// src/access/routes.ts, history mode, inside the portal layout. A redirect route computes where
// the old address lands now; a page route shows its page, or its AreaPage in the workbench frame.
// Unknown paths end on /mismatch.
import { lazy, Suspense, type ComponentType } from "react";
import { Navigate, Route, Routes, useLocation, useParams } from "react-router";
import { ROUTES, MISMATCH_PATH, queryOf, withQuery, type RouteDef } from "../access/routes";
import { getToken } from "../providers/session-store";
import { IndexPage } from "./index/IndexPage";
import { MismatchPage } from "./errors/MismatchPage";
import LoginPage from "./login/LoginPage";
import SelfInfoPage from "./account/SelfInfoPage";
import SettingPage from "./account/SettingPage";
import CompanyCentralIndex from "./workbench/CompanyCentralIndex";
import TravelCentralIndex from "./workbench/TravelCentralIndex";
import PersonalCentralIndex from "./workbench/PersonalCentralIndex";
import DistributionCentralIndex from "./workbench/DistributionCentralIndex";
import EmployeeListPage from "../resources/employees/list";
import { AreaPage } from "./layout/AreaPage";
import { LandingPage } from "./layout/LandingPage";
import { OrderListsPage } from "./layout/OrderListsPage";
import { PortalLayout } from "./layout/PortalLayout";
import { LoginRequired } from "./layout/StatePages";
import { usePortalUser } from "./layout/session";
import { WorkbenchFrame } from "./layout/WorkbenchFrame";
import { TextPage } from "./text/TextPage";
import { PageSkeleton } from "./layout/StatePages";

const PassengerListPage = lazy(() => import("../resources/passengers/list"));
const EditPassengerPage = lazy(() => import("../resources/passengers/edit"));
const ExternalTravellerListPage = lazy(() => import("../resources/external-passengers/list"));
const AddressListPage = lazy(() => import("../resources/addresses/list"));
const InvoiceTitleListPage = lazy(() => import("../resources/invoice-titles/list"));
const EditInvoiceTitlePage = lazy(() => import("../resources/invoice-titles/edit"));
const ImportPassengersPage = lazy(() => import("../resources/traveller-import/pages").then((m) => ({ default: m.ImportPassengersPage })));
const ImportExternalPassengersPage = lazy(() => import("../resources/traveller-import/pages").then((m) => ({ default: m.ImportExternalPassengersPage })));

/** A lazily loaded page, with the frame's skeleton until its code arrives. */
function lazyPage(Page: ComponentType): Page {
  return () => (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}

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
  EnterpriseStall: EmployeeListPage,
  Passengers: lazyPage(PassengerListPage),
  edit_passengers: lazyPage(EditPassengerPage),
  ExternalPersonnel: lazyPage(ExternalTravellerListPage),
  address_list: lazyPage(AddressListPage),
  invoice_management: lazyPage(InvoiceTitleListPage),
  edit_invoice: lazyPage(EditInvoiceTitlePage),
  import_passengers: lazyPage(ImportPassengersPage),
  import_external_passengers: lazyPage(ImportExternalPassengersPage),
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
  if (def.auth && !getToken()) return <LoginRequired />;
  if (def.redirect) return <RedirectRoute def={def} />;
  const Page = PAGES[def.name];
  // key: a new page starts fresh even when react-router reuses the element.
  return Page ? <Page key={def.name} routeName={def.name} /> : <AreaPage key={def.name} routeName={def.name} />;
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
