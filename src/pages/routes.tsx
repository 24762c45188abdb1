// Every route of the portal (spec §2 "Routes"), generated from the route table in
// src/access/routes.ts, history mode, inside the portal layout. A redirect route computes where
// the old address lands now; a page route shows its page, or its AreaPage in the workbench frame.
// Unknown paths end on /mismatch.
import { lazy, Suspense, type ComponentType } from "react";
import { Skeleton } from "antd";
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

export { MISMATCH_PATH, INDEX_PATH } from "../access/routes";

type Page = ComponentType<{ routeName: string }>;

// The booking pages load on first use; until then the frame's place holds a skeleton.
const DomesticAirTicketQuery = lazy(() => import("../booking/flight/DomesticAirTicketQuery"));
const IntlFlightQuery = lazy(() => import("../booking/intl/IntlFlightQuery"));
const TrainQueryList = lazy(() => import("../booking/train/TrainQueryList"));
const HotelIndex = lazy(() => import("../booking/hotel/HotelIndex"));
const HotelList = lazy(() => import("../booking/hotel/HotelList"));
const HotelDetails = lazy(() => import("../booking/hotel/HotelDetails"));

function lazyPage(Page: Page): Page {
  return ({ routeName }) => (
    <Suspense
      fallback={
        <div className="tp-container" style={{ paddingTop: 20 }}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      }
    >
      <Page routeName={routeName} />
    </Suspense>
  );
}

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
  DomesticAirTicketQuery: lazyPage(DomesticAirTicketQuery),
  intl_flight_query_list: lazyPage(IntlFlightQuery),
  train_query_list: lazyPage(TrainQueryList),
  hotel_index: lazyPage(HotelIndex),
  hotel_list: lazyPage(HotelList),
  hotel_details: lazyPage(HotelDetails),
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
