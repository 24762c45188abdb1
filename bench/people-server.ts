// The server side of `npm run bench:people`: a fresh SQLite file database with the demo seed and
// 10,000 frequent travellers (an ID card each) for one member, and the real app on a local port.
// Prints one JSON line (port, the tokens of the company admin and of the travellers' owner), then
// serves until SIGTERM.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/demo";
import { createSession } from "../server/services/accounts/sessions";
import { createAuthorize } from "../server/services/authorize";
import { idCardCheckChar } from "../src/domain/validators";

const TRAVELLERS = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-people-"));
const database = await openDb({ dataDir });
const db = database.db;
await migrateToLatest(db);
await seedDemo(db);

const memberId = async (mobile: string) => (await db.selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow()).id;
const adminToken = await createSession(db, await memberId("13800000070"));
const travellerOwner = await memberId("13800000010");
const travellerToken = await createSession(db, travellerOwner);

// 10,000 frequent travellers for one member, each with a mainland ID card.
const at = new Date().toISOString();
const seeded = performance.now();
for (let i = 0; i < TRAVELLERS; i += 500) {
  const batch = Array.from({ length: Math.min(500, TRAVELLERS - i) }, (_, j) => i + j);
  await db
    .insertInto("travellers")
    .values(batch.map((n) => ({ ownerKind: "member" as const, ownerId: travellerOwner, name: `旅客${String(n).padStart(5, "0")}`, mobilePhone: `136${String(n).padStart(8, "0")}`, createTime: at, updateTime: at })))
    .execute();
}
const travellerIds = (await db.selectFrom("travellers").select("id").where("ownerKind", "=", "member").where("ownerId", "=", travellerOwner).orderBy("id").execute()).map((r) => r.id);
for (let i = 0; i < travellerIds.length; i += 500) {
  await db
    .insertInto("traveller_certificates")
    .values(travellerIds.slice(i, i + 500).map((id, j) => {
      const first17 = `1101051990${String((i + j) % 12 + 1).padStart(2, "0")}${String(((i + j) % 28) + 1).padStart(2, "0")}${String((i + j) % 1000).padStart(3, "0")}`;
      return { travellerId: id, ownerKind: "member" as const, ownerId: travellerOwner, certType: 1, certNo: first17 + idCardCheckChar(first17) };
    }))
    .execute();
}
const seededMs = performance.now() - seeded;

const app = await buildApp({ db: database, nodeEnv: "production", authorize: createAuthorize(db) });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
process.stdout.write(JSON.stringify({ port, adminToken, travellerToken, travellers: TRAVELLERS, seededMs }) + "\n");

process.on("SIGTERM", async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
