// The company a member belongs to, for settlement and credit pay: its main member (70) or one of
// its employees (7_0). The company's money, its credit line included, lives on its main member's
// wallet.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { memberTypeKey } from "../../src/domain/member";

export interface CompanyRef {
  id: number;
  name: string;
  /** The member whose wallet carries the company's credit line; null: the company has none. */
  walletMemberId: number | null;
}

export async function companyById(db: Kysely<Database>, companyId: number): Promise<CompanyRef | null> {
  const c = await db.selectFrom("companies").select(["id", "name", "adminMemberId"]).where("id", "=", companyId).executeTakeFirst();
  return c ? { id: c.id, name: c.name, walletMemberId: c.adminMemberId } : null;
}

export async function companyOfMember(db: Kysely<Database>, member: Member): Promise<CompanyRef | null> {
  const key = memberTypeKey(member);
  let companyId = 0;
  if (key === "70") companyId = member.creditMemberId;
  else if (key === "7_0") {
    const e = await db.selectFrom("employees").select("companyId").where("id", "=", member.creditEmployeeId).executeTakeFirst();
    companyId = e?.companyId ?? 0;
  }
  return companyId ? companyById(db, companyId) : null;
}

/** The company's main member: it configures settlement and may always confirm. */
export function isCompanyAdmin(member: Member, company: CompanyRef): boolean {
  return memberTypeKey(member) === "70" && member.creditMemberId === company.id;
}

export const memberName = (m: Pick<Member, "realName" | "mobilePhone">) => m.realName || m.mobilePhone;
