// Renders a workbench page against the real API server (tests/providers/live-server.ts): the
// request layer talks to a 127.0.0.1 port, signed in with a real session of a demo member.
import type { ComponentType, ReactElement } from "react";
import axios from "axios";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { createSession } from "../../server/services/accounts/sessions";
import { setToken } from "../../src/providers/session-store";
import { authProvider } from "../../src/providers/auth-provider";
import { accessControlProvider } from "../../src/providers/access-control";
import { createDataProvider } from "../../src/providers/data-provider";
import { i18nProvider } from "../../src/providers/i18n-provider";
import type { LiveServer } from "../providers/live-server";

// jsdom's XMLHttpRequest enforces CORS against the 127.0.0.1 server (the portal and API share one
// origin in production); Node's http adapter sends the same requests without a browser origin.
// Set before the live server's reset() builds the request client.
axios.defaults.adapter = "http";

/** Signs in as a demo member: a real session row, its token in the request layer's store. */
export async function signInAs(live: LiveServer, mobile: string): Promise<void> {
  const m = await live.h.db.db.selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow();
  setToken(await createSession(live.h.db.db, m.id));
}

/** The page as the app mounts it: inside Refine (auth, access control) and the layout's frame. */
export function renderPage(Page: ComponentType, path: string) {
  return renderElement(<Page />, path);
}

export function renderElement(element: ReactElement, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <AntdApp>
          <Refine
            dataProvider={createDataProvider({})}
            routerProvider={routerProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            options={{ disableTelemetry: true }}
          >
            {element}
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </MemoryRouter>,
  );
}

/** Server requests whose path is one of the workbench calls (count them per test). */
export const calls = (live: LiveServer, path: string) => live.raw.filter((u) => u.split("?")[0] === `/api${path}`).length;
