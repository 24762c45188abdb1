// Both notification settings pages in one lazily loaded chunk, picked by the route: each lazy
// page costs the first download a list of the files it needs, and the two need the same ones.
import NoticeSettingsPage from "./mine";
import CompanyNoticeSettingsPage from "./company";

export default function NoticeSettingsPages({ routeName }: { routeName: string }) {
  return routeName === "NoticeSettings" ? <CompanyNoticeSettingsPage routeName={routeName} /> : <NoticeSettingsPage />;
}
