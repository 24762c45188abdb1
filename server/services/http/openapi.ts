// OpenAPI 3.1 from the same zod schemas that validate the routes.
import { z } from "zod";
import type { RegisteredRoute } from "./route";
import { IN_FEN } from "../../../src/domain/money";

const COMMON_PARAMS = {
  timestamp: { type: "string", description: "毫秒时间戳" },
  device: { type: "string", enum: ["web"] },
};

// The session goes in the Authorization header; a POST body's token is still read for older
// clients. A query string never carries it (a URL is kept in logs and histories).
const BODY_TOKEN = { token: { type: "string", deprecated: true, description: "登录令牌（旧客户端；请改用 Authorization: Bearer 请求头）" } };
const SESSION_SCHEME = { session: { type: "http", scheme: "bearer", description: "登录令牌：Authorization: Bearer <token>" } };

const ENVELOPE = {
  type: "object",
  required: ["ret", "msg", "data"],
  properties: {
    ret: { type: "integer", description: "0 成功；400 参数错误；401 登录过期；403 无权限；其他为业务错误" },
    msg: { type: "string" },
    data: {},
    tips: { type: "object" },
  },
};

function schemaOf(input: z.ZodType, io: "input" | "output" = "input"): Record<string, unknown> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON schema is untyped JSON
    const { $schema: _ignored, ...schema } = z.toJSONSchema(input, { io, unrepresentable: "any" }) as Record<string, any>;
    return withMoneyUnits(schema);
  } catch {
    return { type: "object" };
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON schema is untyped JSON
type JsonSchema = Record<string, any>;

/**
 * Every money field says its unit: a field named …Fen (or inside an object so named, like
 * capsFen.tier1) is integer fen, whatever its schema says; other money fields carry their unit
 * from the schema (IN_FEN / IN_YUAN of src/domain/money). A description the schema has is kept
 * after the unit.
 */
export function withMoneyUnits(schema: JsonSchema, fen = false): JsonSchema {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const out: JsonSchema = { ...schema };
  if (fen && !out["x-unit"]) {
    out["x-unit"] = IN_FEN["x-unit"];
    out.description = out.description ? `${IN_FEN.description}；${out.description}` : IN_FEN.description;
  }
  // The members of an object of amounts (capsFen: { tier1, tier2, … }) are fen as well.
  const membersFen = out["x-unit"] === "fen" && out.type === "object";
  if (out.properties) {
    out.properties = Object.fromEntries(Object.entries<JsonSchema>(out.properties).map(([name, s]) => [name, withMoneyUnits(s, membersFen || /Fen$/.test(name))]));
  }
  if (out.items) out.items = withMoneyUnits(out.items);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) if (Array.isArray(out[key])) out[key] = out[key].map((s: JsonSchema) => withMoneyUnits(s));
  return out;
}

export function openApiDocument(routes: RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const schema = schemaOf(r.input) as { properties?: Record<string, unknown>; required?: string[] };
    const common = r.method === "GET" ? COMMON_PARAMS : { ...COMMON_PARAMS, ...BODY_TOKEN };
    const body = { ...schema, properties: { ...(schema.properties ?? {}), ...common } };
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      "x-access": r.access,
      responses: { "200": { description: "信封格式应答", content: { "application/json": { schema: r.output ? { ...ENVELOPE, properties: { ...ENVELOPE.properties, data: schemaOf(r.output, "output") } } : ENVELOPE } } } },
      ...(r.access === "public" ? {} : { security: [{ session: [] }] }),
    };
    if (r.method === "GET") {
      op.parameters = Object.entries(body.properties).map(([name, s]) => ({
        name,
        in: "query",
        required: (schema.required ?? []).includes(name),
        schema: s,
      }));
    } else {
      op.requestBody = {
        content: { "application/x-www-form-urlencoded": { schema: body }, "application/json": { schema: body } },
      };
    }
    (paths[`/api${r.url}`] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "商旅门户 API",
      version: "1.0.0",
      description:
        "所有应答均为 HTTP 200 的 { ret, msg, data, tips } 信封。金额：名称以 Fen 结尾或标注 x-unit: fen 的字段为整数分（1 元 = 100 分）；" +
        "标注 x-unit: yuan 的字段为元的十进制文本（最多两位小数），仅用于表单输入与外部接口约定的字段。",
    },
    paths,
    components: { securitySchemes: SESSION_SCHEME },
  };
}
