// npm run backup [-- <directory>]: a consistent copy of the portal's database while it runs.
// SQLite (the default): portal-<time>.db, taken by the running server (or from the file when none
// runs) with SQLite's online backup and checked. PostgreSQL (DATABASE_URL): portal-<time>.dump,
// pg_dump's custom format. The directory is BACKUP_DIR, else ./backups.
import fs from "node:fs";
import path from "node:path";
import { backupPostgres, backupSqlite, stamp } from "../server/db/backup";

const dir = path.resolve(process.argv[2] ?? process.env.BACKUP_DIR ?? "backups");
fs.mkdirSync(dir, { recursive: true });
const url = process.env.DATABASE_URL;
try {
  if (url) {
    const dest = path.join(dir, `portal-${stamp()}.dump`);
    await backupPostgres(url, dest);
    console.log(`PostgreSQL backup written: ${dest} (${fs.statSync(dest).size} bytes); restore with npm run restore -- ${dest}`);
  } else {
    const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
    const dest = path.join(dir, `portal-${stamp()}.db`);
    const by = await backupSqlite(dataDir, dest);
    console.log(`SQLite backup written ${by === "server" ? "by the running server" : "from the file"}: ${dest} (${fs.statSync(dest).size} bytes); restore with npm run restore -- ${dest}`);
  }
} catch (e) {
  console.error(`备份失败：${(e as Error).message}`);
  process.exit(1);
}
