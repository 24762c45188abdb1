// Wallet and credit-line moves are single conditional updates in integer fen: of two debits
// racing for one balance only what fits lands, a refused move writes nothing, and every landed
// move has its ledger row (SQLite, or PostgreSQL with DATABASE_URL, where the racers really overlap).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSeededTestDb, type SeededDb } from "./harness";
import { INSUFFICIENT_BALANCE, moveWallet, walletBalanceFen, type LedgerEntry } from "../../server/payments/ledger";
import { creditLineOf, grantCreditLimit, restoreCredit, spendCredit } from "../../server/settlement/credit";
import { expectBooksBalanced, setBalance } from "./money-audit";

let t: SeededDb;
const db = () => t.db.db;
let n = 0;
const entry = (memberId: number, direction: "in" | "out", amountFen: number): LedgerEntry => ({
  memberId, account: "wallet", entry: direction === "in" ? "recharge" : "pay", direction, amountFen, businessType: 0, outTradeNo: `WM-${++n}`, orderNo: null, note: "测试",
});
const move = (e: LedgerEntry, keepFrozen?: string) => db().transaction().execute((trx) => moveWallet(trx, e, keepFrozen ? { keepFrozen } : {}));
const idOf = async (mobile: string) => (await db().selectFrom("members").select("id").where("mobilePhone", "=", mobile).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await openSeededTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("wallet moves", () => {
  it("lets only the debits that fit land when ten race for one balance", async () => {
    const id = await idOf("13800000010");
    await setBalance(db(), id, "100.00");
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => move(entry(id, "out", 3_000))));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(r.reason.message).toBe(String(INSUFFICIENT_BALANCE));
    expect(await walletBalanceFen(db(), id)).toBe(1_000);
    expect((won as PromiseFulfilledResult<number>[]).map((r) => r.value).sort((a, b) => a - b)).toEqual([1_000, 4_000, 7_000]);
    await expectBooksBalanced(db());
  });

  it("keeps the frozen part for a withdrawal and tells the two refusals apart", async () => {
    const id = await idOf("13800000040");
    const frozen = (await db().selectFrom("wallets").select(["balanceFen", "frozenFen"]).where("memberId", "=", id).executeTakeFirstOrThrow());
    const available = frozen.balanceFen - frozen.frozenFen;
    await expect(move(entry(id, "out", available + 1), "冻结中")).rejects.toThrow("冻结中");
    await expect(move(entry(id, "out", frozen.balanceFen + 1), "冻结中")).rejects.toThrow(String(INSUFFICIENT_BALANCE));
    expect(await move(entry(id, "out", available), "冻结中")).toBe(frozen.frozenFen);
    await expectBooksBalanced(db());
  });

  it("creates the wallet of a member who has none on the first credit, and refuses a debit there", async () => {
    const id = await idOf("13800000020");
    await db().deleteFrom("ledger").where("memberId", "=", id).where("account", "=", "wallet").execute();
    await db().deleteFrom("wallets").where("memberId", "=", id).execute();
    await expect(move(entry(id, "out", 1))).rejects.toThrow(String(INSUFFICIENT_BALANCE));
    expect(await db().selectFrom("wallets").select("id").where("memberId", "=", id).execute()).toHaveLength(0);
    expect(await move(entry(id, "in", 12_345))).toBe(12_345);
    expect(await move(entry(id, "in", 5))).toBe(12_350);
    await expectBooksBalanced(db());
  });
});

describe("credit line", () => {
  it("spends up to the limit only, gives back exactly and never grants below what is used", async () => {
    const admin = await idOf("13800000070");
    const line = await creditLineOf(db(), admin);
    const room = line.limitFen - line.usedFen;
    const spend = (fen: number) => db().transaction().execute((trx) => spendCredit(trx, admin, fen));
    const results = await Promise.allSettled([spend(room - 100), spend(room - 100)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await creditLineOf(db(), admin)).usedFen).toBe(line.limitFen - 100);
    await expect(spend(101)).rejects.toThrow(/^企业授信额度不足：可用额度 ¥1\.00，本次支付 ¥1\.01/);
    await expect(grantCreditLimit(db(), admin, line.limitFen - 101)).rejects.toThrow(/授信额度不能低于企业已用额度/);
    expect(await db().transaction().execute((trx) => restoreCredit(trx, admin, room - 100))).toEqual(line);
    expect(await grantCreditLimit(db(), admin, line.usedFen)).toEqual({ limitFen: line.usedFen, usedFen: line.usedFen });
  });
});
