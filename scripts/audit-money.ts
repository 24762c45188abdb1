// npm run audit:money — checks that every fen is explained and prints each check with PASS or
// FAIL and the rows that break it; exits 1 when any check fails (2 when it could not run).
// The database is the server's: DATABASE_URL, else the SQLite file under DATA_DIR (./data by
// default). SQLite's file is held by a running server, so against a live server pass its address
// instead: AUDIT_URL=http://host:port, with SETTLEMENT_OPERATOR_KEY as the operator key (outside
// production the demo key is used when none is set).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { auditMoney, type CheckResult } from "../server/audit/money";
import { DEMO_OPERATOR_KEY } from "../server/routes/settlement";
import { SETTLEMENT_PATHS } from "../src/domain/settlement";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function viaApi(base: string): Promise<{ ok: boolean; checks: CheckResult[] }> {
  const res = await fetch(new URL(`/api${SETTLEMENT_PATHS.operatorAudit}`, base), {
    method: "POST",
    headers: { "content-type": "application/json", "x-operator-key": process.env.SETTLEMENT_OPERATOR_KEY || DEMO_OPERATOR_KEY },
    body: "{}",
  });
  const body = (await res.json()) as { ret: number; msg: string; data: { ok: boolean; checks: CheckResult[] } };
  if (body.ret !== 0) throw new Error(`${res.status} ${body.msg}`);
  return body.data;
}

async function direct(): Promise<{ ok: boolean; checks: CheckResult[] }> {
  const database = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? path.join(root, "data") });
  try {
    await migrateToLatest(database.db);
    return await auditMoney(database.db);
  } finally {
    await database.close();
  }
}

async function main() {
  const audit = process.env.AUDIT_URL ? await viaApi(process.env.AUDIT_URL) : await direct();
  for (const c of audit.checks) {
    console.log(`${c.ok ? "PASS" : "FAIL"}  ${c.name}  ${c.title}`);
    for (const row of c.rows) console.log(`      ${JSON.stringify(row)}`);
  }
  const failed = audit.checks.filter((c) => !c.ok).length;
  console.log(failed ? `${failed} of ${audit.checks.length} checks failed` : `all ${audit.checks.length} checks passed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.error(`audit:money could not run: ${(e as Error).message}`);
  process.exitCode = 2;
});
