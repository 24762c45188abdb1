// Demo wallets: one per member, with plausible balances so the workbenches show real
// stored figures. The company's credit line sits on its main member's (70) wallet. Idempotent:
// members that already have a wallet are left alone, so a database seeded before wallets
// existed gains them on the next seed run. A wallet that starts with money (or a credit line
// that starts used) gets an opening ledger row (期初余额) in the same transaction, so from day
// one a balance is the sum of its ledger and the line's use is on a statement.
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { isoAt } from "../../services/clock";

/**
 * When the opening rows are dated: before the demo's oldest booking (its history goes back 86
 * days), so a bill lists the opening balance first and a period of this month does not count the
 * credit used before the history as this month's spending.
 */
const OPENING_DAYS_AGO = 90;

/** The trade number of an account's opening row: one per member and account. */
export const openingTradeNo = (memberId: number, account: "wallet" | "credit") => `OPEN-${account.toUpperCase()}-${memberId}`;

interface DemoWallet {
  balanceFen: number;
  frozenFen?: number;
  creditLimitFen?: number;
  creditUsedFen?: number;
  points: number;
}

/** By demo mobile; any other member (partner users, later sign-ups) starts at zero. */
export const DEMO_WALLETS: Readonly<Record<string, DemoWallet>> = {
  "13800000010": { balanceFen: 128_050, points: 3260 },
  "13800000020": { balanceFen: 86_500, points: 1200 },
  "13800000030": { balanceFen: 562_080, points: 8800 },
  "13800000040": { balanceFen: 2_345_000, frozenFen: 120_000, points: 15600 },
  "13800000050": { balanceFen: 1_876_040, points: 12300 },
  "13800000070": { balanceFen: 12_000_000, creditLimitFen: 50_000_000, creditUsedFen: 8_642_000, points: 0 },
  "13800000071": { balanceFen: 32_000, points: 560 },
  "13800000072": { balanceFen: 0, points: 120 },
  "13800000073": { balanceFen: 15_000, points: 300 },
};

export async function seedWallets(db: Kysely<Database>): Promise<void> {
  const wdb = db;
  const now = isoAt();
  const opened = isoAt(Date.parse(now) - OPENING_DAYS_AGO * 86_400_000);
  await wdb.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom("members")
      .leftJoin("wallets", "wallets.memberId", "members.id")
      .select(["members.id", "members.mobilePhone"])
      .where("wallets.id", "is", null)
      .orderBy("members.id")
      .execute();
    for (const m of members) {
      const w = DEMO_WALLETS[m.mobilePhone];
      await trx
        .insertInto("wallets")
        .values({
          memberId: m.id,
          balanceFen: w?.balanceFen ?? 0,
          frozenFen: w?.frozenFen ?? 0,
          creditLimitFen: w?.creditLimitFen ?? 0,
          creditUsedFen: w?.creditUsedFen ?? 0,
          points: w?.points ?? 0,
          updateTime: now,
        })
        .execute();
      const opening = [
        { account: "wallet" as const, direction: "in", fen: w?.balanceFen ?? 0, note: "期初余额" },
        { account: "credit" as const, direction: "out", fen: w?.creditUsedFen ?? 0, note: "期初余额（已用授信）" },
      ];
      for (const o of opening.filter((x) => x.fen > 0)) {
        // A wallet deleted and seeded again finds its opening row still there.
        const had = await trx.selectFrom("ledger").select("id").where("outTradeNo", "=", openingTradeNo(m.id, o.account)).where("account", "=", o.account).executeTakeFirst();
        if (had) continue;
        await trx
          .insertInto("ledger")
          .values({
            memberId: m.id, account: o.account, entry: "opening", direction: o.direction, amountFen: o.fen, balanceAfterFen: o.account === "wallet" ? o.fen : null,
            businessType: 0, outTradeNo: openingTradeNo(m.id, o.account), orderNo: null, note: o.note, createTime: opened,
          })
          .execute();
      }
    }
  });
}
