// After every spec of a half has run against its server, the money on that server must still be
// explained to the fen: the operator's audit (the checks `npm run audit:money` prints) passes on
// whatever the browser journeys left behind — wallets against their ledger, payments against
// their orders, company credit against its statements, rewards against completed orders. The
// operator key comes with the project (extraHTTPHeaders), as the server was started with it.
import { expect, test } from "@playwright/test";
import { SETTLEMENT_PATHS } from "../src/domain/settlement/paths";

interface Check {
  name: string;
  title: string;
  ok: boolean;
  rows: unknown[];
}

test("audit:money passes on what the specs left", async ({ request }) => {
  const res = await request.post(`/api${SETTLEMENT_PATHS.operatorAudit}`, { data: {} });
  const body = (await res.json()) as { ret: number; msg: string; data: { checks: Check[] } };
  expect(body.ret, body.msg).toBe(0);
  const failed = body.data.checks.filter((c) => !c.ok);
  expect(failed, JSON.stringify(failed, null, 1)).toEqual([]);
  expect(body.data.checks.length).toBeGreaterThan(0);
});
