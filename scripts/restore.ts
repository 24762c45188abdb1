// npm run restore -- <backup file>: puts a backup back. SQLite: the server must be stopped; the
// file replaced is kept beside it (portal.db.before-restore-<time>). PostgreSQL (DATABASE_URL):
// pg_restore replaces what the dump holds. Then prints what the restored database holds, so it can
// be compared with what was backed up.
import path from "node:path";
import { openDb } from "../server/db";
import { restorePostgres, restoreSqlite } from "../server/db/backup";
import { databaseFigures } from "../server/db/figures";

const file = process.argv[2];
if (!file) {
  console.error("用法：npm run restore -- <备份文件>");
  process.exit(1);
}
const url = process.env.DATABASE_URL;
const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
try {
  if (url) await restorePostgres(url, path.resolve(file));
  else {
    const { kept } = restoreSqlite(dataDir, path.resolve(file));
    if (kept) console.log(`the replaced database is kept as ${kept}`);
  }
  const database = await openDb({ databaseUrl: url || undefined, dataDir });
  try {
    console.log("restored:", JSON.stringify(await databaseFigures(database.db)));
  } finally {
    await database.close();
  }
} catch (e) {
  console.error(`恢复失败：${(e as Error).message}`);
  process.exit(1);
}
