// Calls of the operator console's API in tests: JSON bodies, the operator token in its own header.
import type { FastifyInstance } from "fastify";
import { generate } from "otplib";
import { md5 } from "../../server/services/accounts/passwords";
import { DEMO_OPS_PASSWORD, DEMO_OPS_TOTP_SECRET } from "../../server/ops/demo";
import { OPS_PATHS, OPS_TOKEN_HEADER } from "../../src/domain/ops";

export async function opsCall(app: FastifyInstance, url: string, body: Record<string, unknown> = {}, token?: string, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { "content-type": "application/json", ...(token ? { [OPS_TOKEN_HEADER]: token } : {}), ...headers },
    payload: JSON.stringify(body),
  });
  return res.json() as { ret: number; msg: string; data: any };
}

/**
 * A full session of a demo operator (its fixed TOTP secret gives the code). Called many times a
 * second with the one code of the moment: outside production the demo operators' published
 * secret is spared the once-only rule every other operator's code is held to.
 */
export async function demoOpsToken(app: FastifyInstance, account: string): Promise<string> {
  const r = await opsCall(app, OPS_PATHS.login, { account, password: md5(DEMO_OPS_PASSWORD), code: await generate({ secret: DEMO_OPS_TOTP_SECRET }) });
  if (r.ret !== 0) throw new Error(`${account}: ${r.msg}`);
  return r.data.token as string;
}
