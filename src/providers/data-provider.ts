// One Refine DataProvider for every resource. A resource names its catalogue paths in
// a ResourceEndpoints map; this file is the only place that translates Refine's list parameters
// and the API's page shape, and every call goes through request().
import type {
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  HttpError,
  LogicalFilter,
  MetaQuery,
  Pagination,
  ValidationErrors,
} from "@refinedev/core";
import { RequestError, getRequestBaseURL, request } from "./request";

export interface ResourceEndpoints {
  list?: string;
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
  /** Key of a record's id in payloads and replies; default 'id'. */
  idField?: string;
  /** Key of the rows in a list reply's data; default 'list'. */
  listField?: string;
  method?: "GET" | "POST";
  /**
   * false: the list path answers every row at once and takes no paging, sorting or filter
   * fields (a lookup such as the departments), so none are sent.
   */
  paged?: boolean;
  /**
   * false: the detail and update paths find the record without an id (an upsert keyed by the
   * payload's own fields, such as the booker; or the company's one settings record), and their
   * schemas have no id field: the id stays out of those payloads. Deleting still sends it.
   */
  addressedById?: boolean;
  /**
   * Changes to one record that have a path of their own (enable/disable, withdraw, cancel): an
   * update with meta.updateAction set to one of these names posts its values and the id there,
   * so Refine still refreshes the record and its lists. (Not meta.action: Refine's meta also
   * carries the address's query fields.)
   */
  actions?: Record<string, string>;
}

type Operation = "list" | "one" | "create" | "update" | "delete";
type Params = Record<string, unknown>;

const registry = new Map<string, ResourceEndpoints>();

/** Resources register their map where they are defined; the provider looks it up per call. */
export function registerResourceEndpoints(name: string, endpoints: ResourceEndpoints): void {
  registry.set(name, endpoints);
}

/** The server's MAX_PAGE_SIZE: what "all rows" means when Refine does not page on the server. */
export const UNPAGED_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
const isRecord = (v: unknown): v is Params => !!v && typeof v === "object" && !Array.isArray(v);

// Dates and dayjs values travel as ISO text; flattening them would send their internals.
function scalar(v: unknown): unknown {
  const iso = (v as { toISOString?: unknown } | null)?.toISOString;
  return typeof iso === "function" ? iso.call(v) : v;
}

function unsupported(what: string): HttpError {
  return { message: `不支持的查询条件：${what}`, statusCode: 400 };
}

function addFilter(out: Params, filter: CrudFilter): void {
  if (filter.operator === "and" || filter.operator === "or") {
    // The API takes named fields, which can only AND together.
    if (filter.operator === "or") throw unsupported("or");
    for (const f of filter.value) addFilter(out, f);
    return;
  }
  const { field, operator, value } = filter as LogicalFilter;
  if (isEmpty(value)) return; // a cleared table filter
  switch (operator) {
    case "eq":
    case "eqs":
    case "contains":
    case "containss":
      out[field] = scalar(value);
      return;
    case "in":
      out[field] = (Array.isArray(value) ? value : [value]).map(scalar).join(",");
      return;
    case "between": {
      const [start, end] = Array.isArray(value) ? value : [];
      if (!isEmpty(start)) out[`${field}Start`] = scalar(start);
      if (!isEmpty(end)) out[`${field}End`] = scalar(end);
      return;
    }
    case "gte":
      out[`${field}Start`] = scalar(value);
      return;
    case "lte":
      out[`${field}End`] = scalar(value);
      return;
    default:
      throw unsupported(`${field} ${operator}`);
  }
}

/** Sorters and filters as API fields: the first sorter only (the API sorts by one field). */
export function toQueryFields(sorters?: CrudSort[], filters?: CrudFilter[]): Params {
  const out: Params = {};
  const sorter = sorters?.find((s) => s.field && s.order);
  if (sorter) {
    out.orderBy = sorter.field;
    out.orderType = sorter.order;
  }
  for (const f of filters ?? []) addFilter(out, f);
  return out;
}

/** Refine's { currentPage, pageSize, mode } as pageNum / pageSize. */
export function toPageFields(pagination?: Pagination): Params {
  // Client-side paging and "off" both want every row; the server caps a page at its maximum.
  if (pagination?.mode === "client" || pagination?.mode === "off") return { pageNum: 1, pageSize: UNPAGED_PAGE_SIZE };
  return { pageNum: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? DEFAULT_PAGE_SIZE };
}

function toValidationErrors(errors: unknown): ValidationErrors | undefined {
  if (!isRecord(errors)) return undefined;
  const out: ValidationErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === "string" || (Array.isArray(message) && message.every((m) => typeof m === "string"))) out[field] = message;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * A rejected request as Refine's HttpError: 401 for an expired session (or none), the ret for
 * business errors (403, 400 with field errors), else the HTTP status or 500. `kind` tells a page
 * a network failure or timeout from a server error.
 */
export function toHttpError(e: unknown): HttpError {
  if (!(e instanceof RequestError)) {
    if (isRecord(e) && typeof e.statusCode === "number" && typeof e.message === "string") return e as HttpError;
    return { message: e instanceof Error ? e.message : String(e), statusCode: 500 };
  }
  // data: what the refusal carries beyond its message (e.g. the old and new price of a fare).
  const base = { message: e.message, kind: e.kind, ret: e.ret, data: e.reply?.data ?? null };
  if (e.kind === "unauthorised" || e.kind === "no-token") return { ...base, statusCode: 401 };
  const ret = e.ret === null || e.ret === "" ? NaN : Number(e.ret);
  if (ret === 400) {
    const errors = toValidationErrors((e.reply?.data as { errors?: unknown } | null)?.errors);
    return { ...base, statusCode: 400, ...(errors ? { errors } : {}) };
  }
  const statusCode = Number.isInteger(ret) && ret > 0 ? ret : (e.httpStatus ?? 500);
  return { ...base, statusCode };
}

export function createDataProvider(resources: Record<string, ResourceEndpoints> = {}): DataProvider {
  const endpointsOf = (resource: string): ResourceEndpoints => resources[resource] ?? registry.get(resource) ?? {};

  // An operation's path; an update that names an action (meta.updateAction) goes to that action's path.
  function pathOf(resource: string, op: Operation, action?: string): string {
    const own = endpointsOf(resource);
    const path = action ? own.actions?.[action] : own[op];
    if (!path) throw { message: `资源 ${resource} 没有 ${action ?? op} 接口`, statusCode: 501 } satisfies HttpError;
    return path;
  }

  // silent: Refine's notification provider shows the failure once; the request layer would show
  // it a second time. 401 handling, tips and exception reports still happen in request().
  async function call<T>(path: string, payload: Params, method: "GET" | "POST", meta?: MetaQuery): Promise<T> {
    try {
      return await request<T>(path, payload, { method, silent: true, signal: meta?.queryContext?.signal, json: meta?.json === true });
    } catch (e) {
      throw toHttpError(e);
    }
  }

  const extra = (meta?: MetaQuery): Params => (isRecord(meta?.params) ? meta.params : {});

  // Refine keys rows by `id` (tables, caches, optimistic updates): copied from idField when absent.
  function withId<T>(resource: string, row: unknown): T {
    const idField = endpointsOf(resource).idField ?? "id";
    if (!isRecord(row) || idField === "id" || row.id !== undefined || row[idField] === undefined) return row as T;
    return { ...row, id: row[idField] } as T;
  }

  const methodOf = (resource: string) => endpointsOf(resource).method ?? "POST";
  const idFieldOf = (resource: string) => endpointsOf(resource).idField ?? "id";

  const provider: DataProvider = {
    getApiUrl: () => getRequestBaseURL(),

    async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: Parameters<DataProvider["getList"]>[0]) {
      const paged = endpointsOf(resource).paged !== false;
      const payload = paged ? { ...extra(meta), ...toQueryFields(sorters, filters), ...toPageFields(pagination) } : extra(meta);
      const data = await call<unknown>(pathOf(resource, "list"), payload, methodOf(resource), meta);
      const listField = endpointsOf(resource).listField ?? "list";
      const rows = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data[listField]) ? (data[listField] as unknown[]) : [];
      // pg counts arrive as strings; a reply without total has just these rows.
      const total = isRecord(data) && data.total !== undefined && data.total !== null ? Number(data.total) : rows.length;
      // A bill's reply also carries the totals of the whole filtered set (not just this page):
      // passed on as is, read by the list's summary row from useTable's tableQuery.data.totals.
      const totals = isRecord(data) && isRecord(data.totals) ? { totals: data.totals } : {};
      return { data: rows.map((r) => withId<TData>(resource, r)), total, ...totals };
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider["getOne"]>[0]) {
      const payload = endpointsOf(resource).addressedById === false ? extra(meta) : { ...extra(meta), [idFieldOf(resource)]: id };
      const data = await call<unknown>(pathOf(resource, "one"), payload, methodOf(resource), meta);
      return { data: withId<TData>(resource, data) };
    },

    async getMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider["getMany"]>>[0]) {
      if (endpointsOf(resource).one) {
        const rows = await Promise.all(ids.map((id) => provider.getOne<TData>({ resource, id, meta })));
        return { data: rows.map((r) => r.data) };
      }
      // Without a detail path: the list, filtered by an id list.
      const filters: CrudFilter[] = [{ field: idFieldOf(resource), operator: "in", value: ids }];
      const { data } = await provider.getList<TData>({ resource, filters, pagination: { currentPage: 1, pageSize: ids.length }, meta });
      return { data };
    },

    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the default Refine's DataProvider declares
    async create<TData extends BaseRecord = BaseRecord, TVariables = {}>({ resource, variables, meta }: Parameters<DataProvider["create"]>[0] & { variables: TVariables }) {
      const values = isRecord(variables) ? variables : {};
      const data = await call<unknown>(pathOf(resource, "create"), { ...extra(meta), ...values }, "POST", meta);
      // A reply of just the new id (or nothing) still gives Refine the record it created.
      const record = isRecord(data) ? data : isEmpty(data) ? values : { ...values, [idFieldOf(resource)]: data };
      return { data: withId<TData>(resource, record) };
    },

    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the default Refine's DataProvider declares
    async update<TData extends BaseRecord = BaseRecord, TVariables = {}>({ resource, id, variables, meta }: Parameters<DataProvider["update"]>[0] & { variables: TVariables }) {
      const values = { ...extra(meta), ...(isRecord(variables) ? variables : {}) };
      const payload = endpointsOf(resource).addressedById === false ? values : { ...values, [idFieldOf(resource)]: id };
      const data = await call<unknown>(pathOf(resource, "update", meta?.updateAction as string | undefined), payload, "POST", meta);
      return { data: withId<TData>(resource, isRecord(data) ? data : payload) };
    },

    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the default Refine's DataProvider declares
    async deleteOne<TData extends BaseRecord = BaseRecord, TVariables = {}>({ resource, id, variables, meta }: Parameters<DataProvider["deleteOne"]>[0] & { variables?: TVariables }) {
      const payload = { ...extra(meta), ...(isRecord(variables) ? variables : {}), [idFieldOf(resource)]: id };
      const data = await call<unknown>(pathOf(resource, "delete"), payload, "POST", meta);
      return { data: withId<TData>(resource, isRecord(data) ? data : { [idFieldOf(resource)]: id }) };
    },

    /** Catalogue calls that are not resources. The API knows only GET and POST. */
    async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, sorters, filters, meta }: Parameters<NonNullable<DataProvider["custom"]>>[0]) {
      const fields = { ...(isRecord(query) ? query : {}), ...toQueryFields(sorters, filters), ...(isRecord(payload) ? payload : {}) };
      const data = await call<TData>(relativePath(url), fields, method === "get" ? "GET" : "POST", meta);
      return { data };
    },
  };
  return provider;
}

/**
 * Refine's docs build custom URLs as `${apiUrl}/path`; request() wants the catalogue path. Only an
 * absolute base is trimmed: with the default relative base '/api', catalogue paths that start with
 * /api/ themselves (/api/v1/trip_manager/…, /api/v1/train/…) must reach the server as written.
 */
export function relativePath(url: string): string {
  const base = getRequestBaseURL().replace(/\/+$/, "");
  return /^https?:\/\//i.test(base) && url.startsWith(`${base}/`) ? url.slice(base.length) : url;
}

/** The app's provider: resources registered with registerResourceEndpoints. */
export const dataProvider: DataProvider = createDataProvider();
