// The real API server on a 127.0.0.1 port for the auth tests, with the portal's request layer
// pointed at it through axios's Node http adapter (jsdom's XHR would apply CORS between origins),
// and a small portal shell: router, antd, Refine with the real auth provider, the route guard and
// the login dialog. Request bodies are recorded as the server received them.
import type { AddressInfo } from "node:net";
import axios from "axios";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { act, cleanup, configure, render } from "@testing-library/react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { startHarness, type Harness } from "../server/harness";
import { configureRequest } from "../../src/providers/request";
import { useStores } from "../../src/providers/session-store";
import { authProvider } from "../../src/providers/auth-provider";
import { createDataProvider } from "../../src/providers/data-provider";
import { i18n, i18nProvider } from "../../src/providers/i18n-provider";
import { RequestUiBridge } from "../../src/providers/request-ui";
import { RouteGuard } from "../../src/providers/route-guard";
import { LoginDialog } from "../../src/pages/login/LoginDialog";
import { closeLogin } from "../../src/providers/login-dialog";

// Server replies wait for real password hashing (scrypt), slow when the test files run in parallel.
configure({ asyncUtilTimeout: 15_000 });

export interface Received {
  url: string;
  body: Record<string, string>;
}

export interface AuthServer {
  h: Harness;
  baseURL: string;
  /** Every call the portal made, with its form body decoded. */
  received: Received[];
  /** Bodies sent to one path (without the /api prefix). */
  bodies(path: string): Record<string, string>[];
  /** The newest code the dev outbox holds for a phone. */
  lastCode(mobilePhone: string): Promise<string>;
  /**
   * The answer of the captcha the portal received last (what a person reads off the picture). By
   * the id in the reply, not the newest row: another form's renewal can land in the table later.
   */
  lastCaptcha(): Promise<string>;
  /** Resolves once no call the portal made is still waiting for its reply. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startAuthServer(): Promise<AuthServer> {
  const h = await startHarness();
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const received: Received[] = [];
  let captchaId: string | undefined;
  const pending = new Set<Promise<unknown>>();
  const { port } = h.app.server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}/api`;
  // Clients made from now on (configureRequest makes one) go through Node's http module; each
  // call's form body is recorded on its way out, exactly as it is put on the wire.
  const http = axios.getAdapter("http");
  axios.defaults.adapter = (config) => {
    const body = typeof config.data === "string" ? config.data : "";
    received.push({ url: `/api${config.url}`, body: Object.fromEntries(new URLSearchParams(body)) });
    const reply = http(config).then((res) => {
      if (config.url === "/captcha/new" && typeof res.data === "string") {
        const issued = (JSON.parse(res.data) as { data?: { captchaId?: string } }).data?.captchaId;
        if (issued) captchaId = issued;
      }
      return res;
    });
    const tracked = reply.catch(() => undefined).finally(() => pending.delete(tracked));
    pending.add(tracked);
    return reply;
  };
  useStores({ local: window.localStorage, session: window.sessionStorage });
  configureRequest({ baseURL });
  return {
    h,
    baseURL,
    received,
    bodies: (path) => received.filter((r) => r.url === `/api${path}`).map((r) => r.body),
    lastCode: async (mobilePhone) => {
      const res = await fetch(`${baseURL}/dev/sms-outbox?mobilePhone=${mobilePhone}`);
      const list = ((await res.json()) as { data: { code: string }[] }).data;
      if (!list.length) throw new Error(`no SMS for ${mobilePhone}`);
      return list[0].code;
    },
    lastCaptcha: async () => {
      if (!captchaId) throw new Error("no captcha issued");
      const row = await h.db.db.selectFrom("captchas").select("text").where("id", "=", captchaId).executeTakeFirst();
      if (!row) throw new Error(`captcha ${captchaId} not stored`);
      return row.text;
    },
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    close: () => h.close(),
  };
}

/**
 * The hooks every file here needs: a live server for the file, clean storage and Chinese for
 * each test, the dialog closed and the DOM cleared after it. Fields are filled in beforeAll.
 */
export function useLiveServer(): AuthServer {
  const s = {} as AuthServer;
  beforeAll(async () => {
    stubCanvas();
    Object.assign(s, await startAuthServer());
  });
  afterAll(async () => {
    await s.close?.();
  });
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await i18n.changeLanguage("zh-CN");
  });
  // A test may end with a call still on its way (a refused login renews the captcha); its reply
  // must land before the next test starts, or it is mistaken for that test's.
  afterEach(async () => {
    act(() => closeLogin());
    cleanup();
    await s.settled?.();
  });
  return s;
}

/** Shows where the router is, for assertions on redirects. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const dataProvider = createDataProvider({});

export function Shell({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <AntdApp>
          <Refine authProvider={authProvider} routerProvider={routerProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
            <RequestUiBridge />
            <RouteGuard>
              <Routes>
                <Route path="*" element={<>{children}<Where /></>} />
              </Routes>
            </RouteGuard>
            <LoginDialog />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

export function renderAt(path: string, children?: ReactNode) {
  window.history.replaceState({}, "", path);
  return render(<Shell>{children}</Shell>);
}

/** jsdom has no canvas: the captcha is drawn on nothing (and jsdom does not complain about it). */
export function stubCanvas(): void {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
}
