// The project's Fastify app on a real 127.0.0.1 port, with the portal's request layer pointed at
// it: provider tests go through axios, the network and the server's own parsing, nothing mocked.
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyRequest } from "fastify";
import { vi } from "vitest";
import { startHarness, type Harness } from "../server/harness";
import type { RouteSpec } from "../../server/services/http/route";
import axios from "axios";
import { configureRequest, type RequestUi } from "../../src/providers/request";
import { memoryStore, useStores } from "../../src/providers/session-store";

/** What a test route received, before the server strips common keys or expands dot keys. */
export interface Seen {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
  query: Record<string, unknown>;
  contentType: string | undefined;
  /** The Authorization header, where the session token travels. */
  authorization: string | undefined;
}

export interface LiveServer {
  h: Harness;
  baseURL: string;
  ui: { [K in keyof RequestUi]: ReturnType<typeof vi.fn<RequestUi[K]>> };
  /** Requests seen by test routes (via record()). */
  seen: Seen[];
  /** Every request URL the HTTP server received, test route or not. */
  raw: string[];
  reset(): void;
  close(): Promise<void>;
}

export const CURRENT_ADDRESS = "/hotel/list?city=北京";

export function makeRecorder(seen: Seen[]) {
  return (req: FastifyRequest): Seen => {
    const entry: Seen = {
      method: req.method,
      url: req.url.split("?")[0],
      body: (req.body as Record<string, unknown> | undefined) ?? null,
      query: { ...(req.query as Record<string, unknown>) },
      contentType: req.headers["content-type"],
      authorization: req.headers.authorization,
    };
    seen.push(entry);
    return entry;
  };
}

/**
 * Listens on a free loopback port and points the portal's request layer at it. Node's http
 * adapter, because jsdom's XHR would apply CORS between the test page and the server.
 */
export async function servePortal(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = h.app.server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}/api`;
  axios.defaults.adapter = axios.getAdapter("http");
  configureRequest({ baseURL });
  return baseURL;
}

export async function startLiveServer(routes: (seen: Seen[]) => RouteSpec<any, any>[]): Promise<LiveServer> {
  const seen: Seen[] = [];
  const raw: string[] = [];
  const h = await startHarness({ routes: routes(seen) });
  const baseURL = await servePortal(h);
  h.app.server.on("request", (req) => raw.push(String(req.url)));
  const ui = {
    error: vi.fn<RequestUi["error"]>(),
    warning: vi.fn<RequestUi["warning"]>(),
    dialog: vi.fn<RequestUi["dialog"]>(),
    confirm: vi.fn<RequestUi["confirm"]>(),
    navigate: vi.fn<RequestUi["navigate"]>(),
    currentAddress: vi.fn<RequestUi["currentAddress"]>(() => CURRENT_ADDRESS),
  };
  const reset = () => {
    useStores({ local: memoryStore(), session: memoryStore() });
    configureRequest({ baseURL, appVer: "9.9.9-test", ui });
    for (const f of Object.values(ui)) f.mockClear();
    seen.length = 0;
    raw.length = 0;
  };
  reset();
  return { h, baseURL, ui, seen, raw, reset, close: () => h.close() };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
