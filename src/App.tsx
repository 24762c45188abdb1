// The app shell: router, antd theme and locale, Refine with its providers, and the routes.
import { BrowserRouter } from "react-router";
import { Refine } from "@refinedev/core";
import routerProvider, { UnsavedChangesNotifier } from "@refinedev/react-router";
import { ConfigProvider, type ThemeConfig } from "antd";
import { FeedbackApp } from "./components/FeedbackApp";
// The ES build: the CommonJS "antd/locale/*" re-export reaches the bundle as a module wrapper,
// and antd then falls back to English for its own texts.
import antdZhCN from "antd/es/locale/zh_CN";
import antdEnUS from "antd/es/locale/en_US";
import { useI18nProvider } from "./providers/i18n-provider";
import { useNotificationProvider } from "./providers/notification-provider";
import { RequestUiBridge } from "./providers/request-ui";
import { createDataProvider } from "./providers/data-provider";
import { resourceEndpoints, resources } from "./resources";
import { AppRoutes } from "./pages/routes";
import { accessControlProvider } from "./providers/access-control";
import { authProvider } from "./providers/auth-provider";
import { RouteGuard } from "./providers/route-guard";
import { LazyLoginDialog } from "./pages/login/LazyLoginDialog";

export const FONT_FAMILY = "'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Zen Hei', -apple-system, 'Segoe UI', sans-serif";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1456d9",
    colorInfo: "#1456d9",
    colorLink: "#1456d9",
    colorBgLayout: "#f5f7fb",
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
  },
};

// People who ask their system for less motion get dialogs, menus and tabs that appear and
// disappear at once (antd's motion token); everyone else keeps antd's animations.
const prefersReducedMotion = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
const appTheme: ThemeConfig = prefersReducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;

const dataProvider = createDataProvider(resourceEndpoints);

export default function App() {
  const { provider, locale } = useI18nProvider();
  return (
    <BrowserRouter>
      {/* autoInsertSpace off: buttons show the copy verbatim ("登录", not "登 录"). */}
      <ConfigProvider locale={locale === "en-US" ? antdEnUS : antdZhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
        <FeedbackApp>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={provider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true }}
          >
            <RequestUiBridge />
            <RouteGuard>
              <AppRoutes />
            </RouteGuard>
            <LazyLoginDialog />
            <UnsavedChangesNotifier />
          </Refine>
        </FeedbackApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
