// Server-side enforcement (issue: access): a route's access resource is decided by the same
// Casbin policy and attribute rules the portal uses (src/access), so hiding a menu is never the
// only protection.
import type { Kysely } from "kysely";
import type { Database, Member } from "../db/schema";
import { API_RESOURCES, type AccessSubject } from "../../src/access";
import { getServerAccess } from "./casbin-access";
import { prepareQuery } from "../db/prepared";
import { sessionWatchOf } from "../db";

// Asked on every call of a route behind an access rule: built and compiled once.
const employeeFacts = prepareQuery((db, p: { id: number }) =>
  db
    .selectFrom("employees")
    .leftJoin("trip_levels", "trip_levels.id", "employees.tripLevelId")
    .select([
      "employees.canAudit",
      "trip_levels.approveFlag",
      "trip_levels.feeFlag",
      "trip_levels.changeApprove",
      "trip_levels.overproof",
      "trip_levels.overApprove",
    ])
    .where("employees.id", "=", p.id),
);

/** The fields the access rules need: type facts, trip flags, audit right, partner. */
export async function accessSubjectOf(db: Kysely<Database>, member: Member): Promise<AccessSubject> {
  // A member answered from the session cache is a frozen copy shared by the requests of its short
  // life: its access facts are read once and kept with it. Every write to members, sessions,
  // employees or trip levels made here empties that cache, so the next request gets a new copy
  // whose facts are read again; what another process writes is seen when the copy expires, as
  // for the member itself. Facts read while such a write ran or was pending are not kept.
  if (!Object.isFrozen(member)) return readAccessSubject(db, member);
  const kept = subjects.get(member);
  if (kept) return kept;
  const watch = sessionWatchOf(db);
  const epoch = watch?.epoch;
  const subject = await readAccessSubject(db, member);
  if (watch && watch.epoch === epoch && watch.open === 0) {
    // Shared by the requests the copy answers: frozen so none can change what the next one sees.
    const employee = subject.creditEmployee;
    if (employee?.tripLevel) Object.freeze(employee.tripLevel);
    if (employee) Object.freeze(employee);
    subjects.set(member, Object.freeze(subject));
  }
  return subject;
}

const subjects = new WeakMap<Member, AccessSubject>();

async function readAccessSubject(db: Kysely<Database>, member: Member): Promise<AccessSubject> {
  let creditEmployee: AccessSubject["creditEmployee"] = null;
  if (member.creditEmployeeId > 0) {
    const row = await employeeFacts.first(db, { id: member.creditEmployeeId }, undefined);
    if (row) {
      creditEmployee = {
        canAudit: row.canAudit,
        tripLevel: row.approveFlag === null ? null : {
          approveFlag: row.approveFlag ?? 0,
          feeFlag: row.feeFlag ?? 0,
          changeApprove: row.changeApprove ?? 0,
          overproof: row.overproof ?? 0,
          overApprove: row.overApprove ?? 0,
        },
      };
    }
  }
  return {
    memberType: member.memberType,
    creditMemberId: member.creditMemberId,
    creditEmployeeId: member.creditEmployeeId,
    creditEmployee,
    pnrImport: member.pnrImport,
    isThirdParty: member.isThirdParty,
    thirdPartyName: member.thirdPartyName,
  };
}

export function isKnownResource(resource: string): boolean {
  return Object.prototype.hasOwnProperty.call(API_RESOURCES, resource);
}

export function createAuthorize(db: Kysely<Database>) {
  return async (member: Member, resource: string): Promise<boolean> => {
    if (!isKnownResource(resource)) return false;
    return (await getServerAccess()).canApi(await accessSubjectOf(db, member), resource);
  };
}
