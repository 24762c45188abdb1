// Demo wallets: one per member, with plausible balances so the workbenches show real
// stored figures. The company's credit line sits on its main member's (70) wallet. Idempotent:
// members that already have a wallet are left alone, so a database seeded before wallets
// existed gains them on the next seed run. A wallet that starts with money (or a credit line
// that starts used) gets an opening ledger row (期初余额) in the same transaction, so from day
// one a balance is the sum of its ledger and the line's use is on a statement.
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { isoAt } from "../../services/clock";
import { yuanTextToFen } from "../../../src/domain/travel/money";

/** The trade number of an account's opening row: one per member and account. */
export const openingTradeNo = (memberId: number, account: "wallet" | "credit") => `OPEN-${account.toUpperCase()}-${memberId}`;

interface DemoWallet {
  balance: string;
  frozen?: string;
  creditLimit?: string;
  creditUsed?: string;
  points: number;
}

/** By demo mobile; any other member (partner users, later sign-ups) starts at zero. */
export const DEMO_WALLETS: Readonly<Record<string, DemoWallet>> = {
  "13800000010": { balance: "1280.50", points: 3260 },
  "13800000020": { balance: "865.00", points: 1200 },
  "13800000030": { balance: "5620.80", points: 8800 },
  "13800000040": { balance: "23450.00", frozen: "1200.00", points: 15600 },
  "13800000050": { balance: "18760.40", points: 12300 },
  "13800000070": { balance: "120000.00", creditLimit: "500000.00", creditUsed: "86420.00", points: 0 },
  "13800000071": { balance: "320.00", points: 560 },
  "13800000072": { balance: "0.00", points: 120 },
  "13800000073": { balance: "150.00", points: 300 },
};

export async function seedWallets(db: Kysely<Database>): Promise<void> {
  const wdb = db;
  const now = isoAt();
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
          balance: w?.balance ?? "0.00",
          frozen: w?.frozen ?? "0.00",
          creditLimit: w?.creditLimit ?? "0.00",
          creditUsed: w?.creditUsed ?? "0.00",
          points: w?.points ?? 0,
          updateTime: now,
        })
        .execute();
      const opening = [
        { account: "wallet" as const, direction: "in", fen: yuanTextToFen(w?.balance ?? "0") ?? 0, note: "期初余额" },
        { account: "credit" as const, direction: "out", fen: yuanTextToFen(w?.creditUsed ?? "0") ?? 0, note: "期初余额（已用授信）" },
      ];
      for (const o of opening.filter((x) => x.fen > 0)) {
        // A wallet deleted and seeded again finds its opening row still there.
        const had = await trx.selectFrom("ledger").select("id").where("outTradeNo", "=", openingTradeNo(m.id, o.account)).where("account", "=", o.account).executeTakeFirst();
        if (had) continue;
        await trx
          .insertInto("ledger")
          .values({
            memberId: m.id, account: o.account, entry: "opening", direction: o.direction, amountFen: o.fen, balanceAfterFen: o.account === "wallet" ? o.fen : null,
            businessType: 0, outTradeNo: openingTradeNo(m.id, o.account), orderNo: null, note: o.note, createTime: now,
          })
          .execute();
      }
    }
  });
}
