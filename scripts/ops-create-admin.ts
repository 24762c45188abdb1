// npm run ops:create-admin -- --account <account> --name <name> [--force]
// Creates an operator administrator in the server's database (DATABASE_URL, else the SQLite file
// under DATA_DIR, ./data by default). The password comes from OPS_ADMIN_PASSWORD or the first
// line of standard input, never from the command line. Refuses while an administrator exists
// unless --force. The administrator enrols its TOTP second factor at the first sign-in at /ops.
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { openDb } from "../server/db";
import { migrateToLatest } from "../server/db/migrate";
import { CreateAdminRefused, createFirstAdmin, parseCreateAdminArgs } from "../server/ops/create-admin";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("运营管理员密码：");
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function main() {
  const args = parseCreateAdminArgs(process.argv.slice(2));
  const password = process.env.OPS_ADMIN_PASSWORD || (await passwordFromStdin());
  const database = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? path.join(root, "data") });
  try {
    await migrateToLatest(database.db);
    const admin = await createFirstAdmin(database.db, { ...args, password });
    console.log(`已创建运营管理员 ${admin.account}（${admin.name}）：请在 /ops 登录并绑定动态验证码`);
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof CreateAdminRefused ? e.message : `ops:create-admin 失败：${(e as Error).message}`);
  process.exitCode = 1;
});
