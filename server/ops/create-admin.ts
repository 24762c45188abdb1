// The first operator administrator, made by a command on the server (npm run ops:create-admin),
// never by a default password. It refuses while an active administrator exists unless forced (a
// lost administrator's replacement). The administrator enrols TOTP at its first sign-in.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { md5 } from "../services/accounts/passwords";
import type { OpsOperatorView } from "../../src/domain/ops/schemas";
import { opsStaffCreateSchema } from "../../src/domain/ops/schemas";
import { adminExists, createOperator } from "./operators";

/** A password typed on a server console is at least this long. */
export const ADMIN_PASSWORD_MIN = 10;

export class CreateAdminRefused extends Error {}

export interface CreateAdminInput {
  account: string;
  name: string;
  password: string;
  force?: boolean;
}

export async function createFirstAdmin(db: Kysely<Database>, input: CreateAdminInput): Promise<OpsOperatorView> {
  if (input.password.length < ADMIN_PASSWORD_MIN) throw new CreateAdminRefused(`密码至少 ${ADMIN_PASSWORD_MIN} 个字符`);
  const parsed = opsStaffCreateSchema.safeParse({ account: input.account, name: input.name, password: md5(input.password), role: "admin" });
  if (!parsed.success) throw new CreateAdminRefused(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  if (!input.force && (await adminExists(db))) throw new CreateAdminRefused("已有运营管理员；如确需再建，请加 --force");
  return createOperator(db, parsed.data, null);
}

/** Reads --account, --name and --force; a password on the command line is refused (it would stay in the shell's history). */
export function parseCreateAdminArgs(argv: readonly string[]): { account: string; name: string; force: boolean } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.some((a) => a === "--password" || a.startsWith("--password="))) {
    throw new CreateAdminRefused("密码不能写在命令行上：请用环境变量 OPS_ADMIN_PASSWORD 或从标准输入提供");
  }
  const account = value("--account");
  const name = value("--name");
  if (!account || !name) throw new CreateAdminRefused("用法：npm run ops:create-admin -- --account <账号> --name <姓名> [--force]");
  return { account, name, force: argv.includes("--force") };
}
