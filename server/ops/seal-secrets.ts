// At every start, after the migrations: TOTP secrets still in clear (the demo operators and any
// operator enrolled, or enrolling, before secrets were encrypted; or one written by a process of
// the earlier version during a rolling upgrade) are sealed under the server's key. This is not a
// migration because a migration has no key to seal with, and not only a re-encryption at sign-in
// because an operator who never signs in again would stay in clear in every backup. Each row is
// sealed with a conditional update (its clear value unchanged), so processes starting together
// cannot overwrite each other or a secret replaced meanwhile.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isSealed, type TotpVault } from "./totp-vault";

export interface SealReport {
  /** Rows found in clear and sealed now. */
  sealed: number;
}

/**
 * Seals what is in clear, and proves the key first: when a sealed secret exists and does not open,
 * the key is not the one the secrets were sealed under (changed or mistyped), no operator could
 * sign in, and a TotpVaultError stops the start instead.
 */
export async function sealClearTotpSecrets(db: Kysely<Database>, vault: TotpVault): Promise<SealReport> {
  const rows = await db.selectFrom("operators").select(["id", "account", "totpSecret"]).where("totpSecret", "is not", null).orderBy("id").execute();
  const sample = rows.find((r) => isSealed(r.totpSecret!));
  if (sample) vault.open(sample.account, sample.totpSecret!);
  let sealed = 0;
  for (const row of rows) {
    const clear = row.totpSecret!;
    if (isSealed(clear)) continue;
    const moved = await db
      .updateTable("operators")
      .set({ totpSecret: vault.seal(row.account, clear) })
      .where("id", "=", row.id)
      .where("totpSecret", "=", clear)
      .executeTakeFirst();
    sealed += Number(moved.numUpdatedRows);
  }
  return { sealed };
}
