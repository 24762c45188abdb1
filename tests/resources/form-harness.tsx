// A resource form inside Refine (router, i18n) with an in-memory data provider: each resource's
// rows, and every call the form makes recorded, so a test sees the record loaded through getOne
// and the save arrive as Refine's create or update — or refused with field errors.
import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Refine, type BaseRecord, type DataProvider, type HttpError } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { i18nProvider } from "../../src/providers/i18n-provider";
import { resources } from "../../src/resources";

export interface Call {
  op: "getList" | "getOne" | "create" | "update" | "deleteOne";
  resource: string;
  id?: unknown;
  variables?: unknown;
  /** Refine's meta of an update (meta.updateAction names an action's own path). */
  meta?: unknown;
}

export interface FakeData {
  /** Rows per resource, for lists and lookups. */
  rows?: Record<string, BaseRecord[]>;
  /** The record getOne answers, per resource. */
  records?: Record<string, BaseRecord>;
  /** A save refused like the server refuses it (ret 400 with data.errors), or undefined to accept. */
  refuse?: () => HttpError | undefined;
  /** What a lookup by catalogue path (Refine's useCustom) answers. */
  custom?: Record<string, unknown>;
}

export function fakeProvider(data: FakeData, calls: Call[]): DataProvider {
  const refusal = () => data.refuse?.();
  return {
    getApiUrl: () => "",
    getList: async ({ resource }) => {
      calls.push({ op: "getList", resource });
      const rows = data.rows?.[resource] ?? [];
      return { data: rows as never[], total: rows.length };
    },
    getOne: async ({ resource, id }) => {
      calls.push({ op: "getOne", resource, id });
      const record = data.records?.[resource];
      if (!record) throw { message: "未找到", statusCode: 404 } satisfies HttpError;
      return { data: record as never };
    },
    create: async ({ resource, variables }) => {
      calls.push({ op: "create", resource, variables });
      const e = refusal();
      if (e) throw e;
      return { data: { id: 99, ...(variables as object) } as never };
    },
    update: async ({ resource, id, variables, meta }) => {
      calls.push({ op: "update", resource, id, variables, ...(meta?.updateAction ? { meta: { updateAction: meta.updateAction } } : {}) });
      const e = refusal();
      if (e) throw e;
      return { data: { id, ...(variables as object) } as never };
    },
    custom: async ({ url }) => {
      if (!data.custom || !(url in data.custom)) throw { message: "未找到", statusCode: 404 } satisfies HttpError;
      return { data: data.custom[url] as never };
    },
    deleteOne: async ({ resource, id }) => {
      calls.push({ op: "deleteOne", resource, id });
      const e = refusal();
      if (e) throw e;
      return { data: { id } as never };
    },
  };
}

/** The form at `path`; every other address shows "landed:<path>" (where a redirect went). */
export function renderForm(element: ReactElement, data: FakeData, path = "/form") {
  const calls: Call[] = [];
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <AntdApp>
          <Refine dataProvider={fakeProvider(data, calls)} routerProvider={routerProvider} i18nProvider={i18nProvider} resources={resources} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path={path.split("?")[0]} element={element} />
              <Route path="*" element={<Landed />} />
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </MemoryRouter>,
  );
  return { ...view, calls };
}

function Landed() {
  return <div data-testid="landed">{useLocation().pathname}</div>;
}

/** A refusal as the data provider makes it from a ret 400 envelope. */
export const refused = (message: string, errors: Record<string, string>): HttpError => ({ message, statusCode: 400, errors });
