// The signed-in user object, built from the member row, its company links and the company's
// travel standard and preferences. It never carries password hashes. Every login call and
// /member/info answer it.
import { say } from "../i18n/catalogue";
import type { Kysely } from "kysely";
import type { Database, Member } from "../../db/schema";
import { toCount } from "../../db";
import { memberTypeKey, memberTypeLabel } from "../../../src/domain/member";
import { travelFactsOf } from "../../policy/standards";
import { fenToYuan } from "../../../src/domain/money";

const PERMANENT = say("accounts.permanentlyValid");

/** Flight orders the member has placed (every status: the profile counts bookings made). */
async function ticketOrderCount(db: Kysely<Database>, memberId: number): Promise<number> {
  const r = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("memberId", "=", memberId)
    .where("product", "=", "air")
    .executeTakeFirst();
  return toCount(r?.n);
}

export interface EmployeeView {
  id: number;
  companyId: number;
  departmentId: number | null;
  departmentName: string | null;
  employeeLevel: string | null;
  canAudit: number;
  tripLevel: { id: number; name: string; approveFlag: number; feeFlag: number; changeApprove: number; overproof: number; overApprove: number } | null;
}

export async function loadEmployee(db: Kysely<Database>, employeeId: number): Promise<EmployeeView | null> {
  if (!employeeId) return null;
  const row = await db
    .selectFrom("employees as e")
    .leftJoin("departments as d", "d.id", "e.departmentId")
    .leftJoin("trip_levels as t", "t.id", "e.tripLevelId")
    .select([
      "e.id", "e.companyId", "e.departmentId", "e.employeeLevel", "e.canAudit", "d.name as departmentName",
      "t.id as tripLevelId", "t.name as tripLevelName", "t.approveFlag", "t.feeFlag", "t.changeApprove", "t.overproof", "t.overApprove",
    ])
    .where("e.id", "=", employeeId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    departmentId: row.departmentId,
    departmentName: row.departmentName ?? null,
    employeeLevel: row.employeeLevel,
    canAudit: row.canAudit,
    tripLevel:
      row.tripLevelId == null
        ? null
        : {
            id: row.tripLevelId,
            name: row.tripLevelName ?? "",
            approveFlag: row.approveFlag ?? 0,
            feeFlag: row.feeFlag ?? 0,
            changeApprove: row.changeApprove ?? 0,
            overproof: row.overproof ?? 0,
            overApprove: row.overApprove ?? 0,
          },
  };
}

/** The company of a main member (70) or of an employee (7_0); null for everyone else. */
export async function loadCompany(db: Kysely<Database>, member: Member, employee: EmployeeView | null) {
  const companyId = employee?.companyId ?? (memberTypeKey(member) === "70" ? member.creditMemberId : 0);
  if (!companyId) return null;
  return (await db.selectFrom("companies").select(["id", "name", "dometicketServerFeeFen"]).where("id", "=", companyId).executeTakeFirst()) ?? null;
}

/** What a trip level's flags mean, in the words the travel pages use. */
export function tripRules(level: EmployeeView["tripLevel"]): string[] {
  if (!level) return [];
  const rules: string[] = [];
  if (level.approveFlag) rules.push(say("accounts.tripsNeedPriorApproval"));
  if (level.feeFlag) rules.push(say("accounts.expensesNeedApproval"));
  if (level.changeApprove) rules.push(say("accounts.changesNeedApproval"));
  if (level.overproof) rules.push(level.overApprove ? say("accounts.overPolicyBookingsNeedApproval") : say("accounts.overPolicyBookingAllowed"));
  return rules;
}

async function photoOf(db: Kysely<Database>, photo: string | null) {
  if (!photo) return null;
  if (photo.startsWith("file:")) {
    const id = photo.slice(5);
    const file = await db.selectFrom("files").select(["id", "fileName"]).where("id", "=", id).executeTakeFirst();
    return file ? { fileName: file.fileName, url: `/api/file/${file.id}` } : null;
  }
  // A plain URL set elsewhere (an import, a partner).
  return { fileName: photo.split("/").pop() ?? photo, url: photo };
}

export async function memberInfo(db: Kysely<Database>, member: Member) {
  const key = memberTypeKey(member);
  const memberTypeCN = memberTypeLabel(key);
  const employee = await loadEmployee(db, member.creditEmployeeId);
  const company = await loadCompany(db, member, employee);
  const [photo, orders, uses] = await Promise.all([
    photoOf(db, member.photo),
    ticketOrderCount(db, member.id),
    db.selectFrom("sessions").select((eb) => eb.fn.countAll().as("n")).where("memberId", "=", member.id).executeTakeFirst(),
  ]);
  const paymentLimits = member.paymentLimits.split(",").map((s) => s.trim()).filter(Boolean);
  // The original API names this field and answers it in yuan text; the column is fen.
  const serverItem = { dometicketServerFee: fenToYuan(company?.dometicketServerFeeFen ?? 0) };
  const creditMember = company ? { id: company.id, companyName: company.name, serverItem } : null;
  const tripRulesText = tripRules(employee?.tripLevel ?? null);
  // A company's members see its travel standard and booking preferences.
  const travel = company ? await travelFactsOf(db, company.id, employee?.tripLevel?.id ?? null) : null;
  const perProduct = (lines: string[] | undefined) => [...(lines ?? []), ...tripRulesText];

  return {
    id: member.id,
    memberId: member.id,
    memberType: member.memberType,
    memberTypeKey: key,
    memberTypeCN,
    memberLevel: member.memberLevel,
    status: member.status,
    statusCN: member.status === 1 ? say("accounts.active") : say("accounts.disabled"),
    appId: member.appId,
    // An employee's credit member is its company, as for the company's main member.
    creditMemberId: company?.id ?? member.creditMemberId,
    creditMember,
    creditEmployeeId: member.creditEmployeeId,
    femaleEndId: member.femaleEndId,
    creditEmployee: employee
      ? { id: employee.id, tripLevel: employee.tripLevel, canAudit: employee.canAudit, departmentName: employee.departmentName, employeeLevel: employee.employeeLevel }
      : null,
    isThirdParty: member.isThirdParty,
    thirdPartyName: member.thirdPartyName,
    pnrImport: member.pnrImport,
    serverItem,
    realName: member.realName,
    realname: member.realName,
    username: member.username,
    mobilePhone: member.mobilePhone,
    email: member.email,
    account: member.account,
    photo,
    birthday: member.birthday,
    sex: member.sex,
    remark: member.remark,
    memberCardType: member.memberCardType,
    createTime: member.createTime,
    ticketOrderCount: orders,
    // Sign-ins so far (sessions ever opened).
    usecount: toCount(uses?.n),
    experienceDate: member.experienceDate ?? PERMANENT,
    tripInfo: { tripPreference: travel?.tripPreference ?? { hotelConfig: { multiPay: paymentLimits.includes("creditpay") ? 1 : 0 } } },
    custmerExtra: {
      memberType: key,
      companyName: company?.name ?? null,
      namePhone: `${member.realName ?? ""} ${member.mobilePhone}`.trim(),
      deptName: employee?.departmentName ?? null,
      employeeLevel: employee?.employeeLevel ?? null,
      identityInfo: company ? `${company.name} · ${memberTypeCN}` : memberTypeCN,
      levelName: employee?.tripLevel?.name ?? null,
      // Per product: the trip level's travel standard, then the level's rules, which apply to all.
      standards: { air: perProduct(travel?.standards?.air), hotel: perProduct(travel?.standards?.hotel), train: perProduct(travel?.standards?.train) },
    },
    showControl: { showPayPwd: member.showPayPwd, showServFee: member.showServFee },
    paymentLimits,
  };
}

export type MemberInfo = Awaited<ReturnType<typeof memberInfo>>;

/** /member/info_ex: the company side of the user — company, department, trip level, rules. */
export async function memberInfoEx(db: Kysely<Database>, member: Member) {
  const employee = await loadEmployee(db, member.creditEmployeeId);
  const company = await loadCompany(db, member, employee);
  const rules = tripRules(employee?.tripLevel ?? null);
  return {
    memberId: member.id,
    memberTypeKey: memberTypeKey(member),
    company: company ? { id: company.id, name: company.name, dometicketServerFee: fenToYuan(company.dometicketServerFeeFen) } : null,
    department: employee?.departmentId ? { id: employee.departmentId, name: employee.departmentName } : null,
    employeeLevel: employee?.employeeLevel ?? null,
    canAudit: employee?.canAudit ?? (memberTypeKey(member) === "70" ? 1 : 0),
    tripLevel: employee?.tripLevel ?? null,
    standardsSummary: {
      rules,
      text: rules.length ? rules.join("；") : say("accounts.noTravelControl"),
    },
  };
}
