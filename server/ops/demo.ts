// Demo operators, for a SEED=demo server outside production only (server/main.ts decides): an
// administrator, a finance and a ticketing operator, password demo123456, all enrolled with one
// fixed TOTP secret so tests and a demo can compute their codes. Production has no demo operator:
// its first administrator is made by `npm run ops:create-admin`.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { md5 } from "../services/accounts/passwords";
import type { OpsRole } from "../../src/domain/ops/paths";
import { createOperator } from "./operators";
import { createTotpVault, DEV_OPS_TOTP_KEY, type TotpVault } from "./totp-vault";

/** The demo operators' TOTP secret (documented in the README); never used by a real operator. */
export const DEMO_OPS_TOTP_SECRET = "OPSDEMOTOTPSECRETXNOTFORPRODUCTN";
export const DEMO_OPS_PASSWORD = "demo123456";

export const DEMO_OPERATORS: readonly { account: string; name: string; role: OpsRole }[] = [
  { account: "ops-admin", name: "周运营", role: "admin" },
  { account: "ops-finance", name: "钱财务", role: "finance" },
  { account: "ops-ticket", name: "孙出票", role: "ticketing" },
];

/**
 * Adds the demo operators that are missing (a restarted demo server keeps its own), their secret
 * sealed like every operator's: under the server's key (the development key unless told).
 */
export async function seedDemoOperators(db: Kysely<Database>, vault: TotpVault = createTotpVault(DEV_OPS_TOTP_KEY)): Promise<void> {
  for (const o of DEMO_OPERATORS) {
    const exists = await db.selectFrom("operators").select("id").where("account", "=", o.account).executeTakeFirst();
    if (!exists) await createOperator(db, { ...o, password: md5(DEMO_OPS_PASSWORD), storedTotpSecret: vault.seal(o.account, DEMO_OPS_TOTP_SECRET) }, null);
  }
}
