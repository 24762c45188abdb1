// A member's bank cards: binding one (needs the SMS code sent to the member's own phone), the
// list, unbinding and the bank of a number. The whole number is stored for the payout; every
// reply carries only the masked form and the bank's name.
import { said, type Text } from "../services/i18n/text";
import type { Kysely, Selectable } from "kysely";
import type { BankCardsTable, Database, Member } from "../db/schema";
import { DomainError } from "../services/domain-error";
import { isoAt } from "../services/clock";
import { lockKey } from "../services/accounts/db";
import { isUniqueViolation } from "../db/unique";
import { consumeSmsCode, verifySmsCode } from "../services/accounts/sms";
import { toCount } from "../db";
import {
  BIND_CARD_SMS, MAX_BANK_CARDS, UNSUPPORTED_CARD, bankOfCard, maskCardNo, type BankCardView, type BankTypeView,
} from "../../src/domain/payments/bank-cards";
import { IN_PROGRESS_WITHDRAWALS } from "../../src/domain/payments/withdrawal";

export type BankCard = Selectable<BankCardsTable>;

export const CARD_MSG = {
  notFound: said("withdrawals.bankCardDoesExistUnbound"),
  notOwn: said("withdrawals.useBankCard"),
  duplicate: said("withdrawals.bankCardAlreadyBound"),
  tooMany: said("withdrawals.mostBankCardsBoundUnbind", { MAX_BANK_CARDS }),
  inProgress: said("withdrawals.bankCardHasWithdrawalProgress"),
} as const;

const cardField = (msg: Text | string) => ({ errors: { cardNo: msg } });

export function cardView(c: BankCard): BankCardView {
  return { id: c.id, bankCode: c.bankCode, bankName: c.bankName, cardNoMasked: maskCardNo(c.cardNo), holderName: c.holderName, createTime: c.createTime };
}

/** The bank of a number that passed the number rule; unknown BINs are refused. */
export function bankType(cardNo: string): BankTypeView {
  const bank = bankOfCard(cardNo);
  if (!bank) throw new DomainError("badInput", UNSUPPORTED_CARD, cardField(UNSUPPORTED_CARD));
  return { ...bank, cardNoMasked: maskCardNo(cardNo) };
}

export async function listCards(db: Kysely<Database>, memberId: number): Promise<{ list: BankCardView[]; max: number }> {
  const rows = await db.selectFrom("bank_cards").selectAll().where("memberId", "=", memberId).where("status", "=", "bound").orderBy("id").execute();
  return { list: rows.map(cardView), max: MAX_BANK_CARDS };
}

/**
 * The caller's bound card of this id: another member's card is refused (403), a missing or
 * unbound one is not found. Read inside the caller's transaction when it acts on the card.
 */
export async function ownCard(db: Kysely<Database>, member: Pick<Member, "id">, id: number): Promise<BankCard> {
  const card = await db.selectFrom("bank_cards").selectAll().where("id", "=", id).executeTakeFirst();
  if (card && card.memberId !== member.id) throw new DomainError("forbidden", CARD_MSG.notOwn);
  if (!card || card.status !== "bound") throw new DomainError("notFound", CARD_MSG.notFound);
  return card;
}

/** Serialises the changes of one member's cards (SQLite has one writer anyway). */
const cardsLock = (trx: Kysely<Database>, memberId: number) => lockKey(trx, `bank-cards:${memberId}`);

async function assertCanBind(db: Kysely<Database>, memberId: number, cardNo: string): Promise<void> {
  const bound = await db.selectFrom("bank_cards").select(["cardNo"]).where("memberId", "=", memberId).where("status", "=", "bound").execute();
  if (bound.some((c) => c.cardNo === cardNo)) throw new DomainError("conflict", CARD_MSG.duplicate, cardField(CARD_MSG.duplicate));
  if (bound.length >= MAX_BANK_CARDS) throw new DomainError("conflict", CARD_MSG.tooMany);
}

export interface BindInput {
  cardNo: string;
  holderName: string;
  smsCode: string;
}

/**
 * Binds a card. The duplicate and the limit are checked before the code (a refusal leaves the
 * code usable for the next card) and again under the member's lock with the code consumed and
 * the card written in one transaction, so two binds at once cannot pass the limit.
 */
export async function bindCard(db: Kysely<Database>, member: Member, input: BindInput, address: string): Promise<BankCardView> {
  const bank = bankType(input.cardNo);
  await assertCanBind(db, member.id, input.cardNo);
  const code = await verifySmsCode(db, member.mobilePhone, BIND_CARD_SMS, input.smsCode, address);
  try {
    return await db.transaction().execute(async (trx) => {
      await cardsLock(trx, member.id);
      await assertCanBind(trx, member.id, input.cardNo);
      await consumeSmsCode(trx, code.id);
      const at = isoAt();
      const row = await trx
        .insertInto("bank_cards")
        .values({ memberId: member.id, cardNo: input.cardNo, bankCode: bank.code, bankName: bank.name, holderName: input.holderName, status: "bound", createTime: at, updateTime: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      return cardView(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new DomainError("conflict", CARD_MSG.duplicate, cardField(CARD_MSG.duplicate));
    throw e;
  }
}

/** Locks one card against a withdrawal to it being applied while it is unbound. */
export const cardLock = (trx: Kysely<Database>, cardId: number) => lockKey(trx, `bank-card:${cardId}`);

/** Unbinds a card (bound → unbound), refused while a withdrawal to it is in progress. */
export async function unbindCard(db: Kysely<Database>, member: Member, id: number): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    await cardLock(trx, id);
    await ownCard(trx, member, id);
    const busy = await trx
      .selectFrom("withdrawals")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("cardId", "=", id)
      .where("status", "in", [...IN_PROGRESS_WITHDRAWALS])
      .executeTakeFirst();
    if (toCount(busy?.n) > 0) throw new DomainError("conflict", CARD_MSG.inProgress);
    const done = await trx.updateTable("bank_cards").set({ status: "unbound", updateTime: isoAt() }).where("id", "=", id).where("status", "=", "bound").executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new DomainError("notFound", CARD_MSG.notFound);
    return { id };
  });
}
