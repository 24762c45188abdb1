// The approval state machine as data: every allowed transition, every refusal with its reason,
// and the buttons it offers.
import { describe, expect, it } from "vitest";
import { actionsFor, APPROVAL_MACHINE, APPROVAL_STATUSES, deadlineOf, decide, isFinal, REFUSALS, type ApprovalFacts } from "../../src/domain/approval";

const APPLICANT = 1;
const HEAD = 2;
const ADMIN = 3;
const OTHER = 4;
const SYSTEM = { memberId: null };
const as = (memberId: number) => ({ memberId });

const facts = (over: Partial<ApprovalFacts> = {}): ApprovalFacts => ({
  status: "pending", level: 1, levelCount: 2, applicantMemberId: APPLICANT, assignees: [HEAD], onTimeout: "next", ...over,
});

describe("allowed transitions", () => {
  it("submits a draft to level 1", () => {
    expect(decide(facts({ status: "draft", level: 0 }), "submit", as(APPLICANT))).toEqual({ ok: true, next: { status: "pending", level: 1 } });
  });

  it("moves an approval to the next level, and approves at the last", () => {
    expect(decide(facts(), "approve", as(HEAD))).toEqual({ ok: true, next: { status: "pending", level: 2 } });
    expect(decide(facts({ level: 2, assignees: [ADMIN] }), "approve", as(ADMIN))).toEqual({ ok: true, next: { status: "approved", level: 2 } });
  });

  it("rejects at any level, and the applicant withdraws while pending", () => {
    expect(decide(facts(), "reject", as(HEAD))).toEqual({ ok: true, next: { status: "rejected", level: 1 } });
    expect(decide(facts({ level: 2, assignees: [ADMIN] }), "withdraw", as(APPLICANT))).toEqual({ ok: true, next: { status: "withdrawn", level: 2 } });
  });

  it("escalates a timed-out level to the next, or to the administrator after the last or when the flow says so", () => {
    expect(decide(facts(), "escalate", SYSTEM)).toEqual({ ok: true, next: { status: "pending", level: 2 } });
    expect(decide(facts({ level: 2 }), "escalate", SYSTEM)).toEqual({ ok: true, next: { status: "pending", level: 2, toAdmin: true } });
    expect(decide(facts({ onTimeout: "admin" }), "escalate", SYSTEM)).toEqual({ ok: true, next: { status: "pending", level: 1, toAdmin: true } });
  });

  it("lets the system approve at once or reject an expired fare", () => {
    expect(decide(facts(), "autoApprove", SYSTEM)).toEqual({ ok: true, next: { status: "approved", level: 1 } });
    expect(decide(facts(), "expire", SYSTEM)).toEqual({ ok: true, next: { status: "rejected", level: 1 } });
  });
});

describe("refused transitions say why", () => {
  it.each([
    ["approving your own application", facts({ assignees: [APPLICANT] }), "approve", as(APPLICANT), REFUSALS.ownSubject],
    ["approving out of turn", facts({ level: 2, assignees: [ADMIN] }), "approve", as(HEAD), REFUSALS.notYourTurn],
    ["rejecting out of turn", facts(), "reject", as(OTHER), REFUSALS.notYourTurn],
    ["approving twice (now approved)", facts({ status: "approved", level: 2 }), "approve", as(ADMIN), REFUSALS.approved],
    ["acting on a withdrawn one", facts({ status: "withdrawn" }), "approve", as(HEAD), REFUSALS.withdrawn],
    ["withdrawing a withdrawn one", facts({ status: "withdrawn" }), "withdraw", as(APPLICANT), REFUSALS.withdrawn],
    ["acting on a rejected one", facts({ status: "rejected" }), "reject", as(HEAD), REFUSALS.rejected],
    ["approving a draft", facts({ status: "draft", level: 0 }), "approve", as(HEAD), REFUSALS.draft],
    ["withdrawing a draft", facts({ status: "draft", level: 0 }), "withdraw", as(APPLICANT), REFUSALS.draftWithdraw],
    ["submitting twice", facts(), "submit", as(APPLICANT), REFUSALS.submitted],
    ["someone else submitting", facts({ status: "draft", level: 0 }), "submit", as(OTHER), REFUSALS.notApplicant],
    ["someone else withdrawing", facts(), "withdraw", as(HEAD), REFUSALS.notApplicant],
    ["a person escalating", facts(), "escalate", as(ADMIN), REFUSALS.systemOnly],
    ["a person auto-approving", facts(), "autoApprove", as(HEAD), REFUSALS.systemOnly],
    ["the system approving as an approver", facts(), "approve", SYSTEM, REFUSALS.notYourTurn],
  ] as const)("%s", (_name, f, action, actor, message) => {
    expect(decide(f, action, actor)).toEqual({ ok: false, message });
  });
});

describe("the table", () => {
  it("has a row for every status, and the final ones take no action", () => {
    expect(Object.keys(APPROVAL_MACHINE).sort()).toEqual([...APPROVAL_STATUSES].sort());
    expect(APPROVAL_STATUSES.filter(isFinal)).toEqual(["approved", "rejected", "withdrawn"]);
  });

  it("offers each person their buttons", () => {
    expect(actionsFor(facts(), as(HEAD))).toEqual(["approve", "reject"]);
    expect(actionsFor(facts(), as(APPLICANT))).toEqual(["withdraw"]);
    expect(actionsFor(facts(), as(OTHER))).toEqual([]);
    expect(actionsFor(facts({ status: "draft", level: 0 }), as(APPLICANT))).toEqual(["submit"]);
    expect(actionsFor(facts({ status: "approved" }), as(APPLICANT))).toEqual([]);
  });
});

describe("deadlineOf: a pending approval counts down to the nearer deadline", () => {
  const level = "2030-01-02T00:00:00.000Z";
  const fare = "2030-01-01T12:00:00.000Z";
  it("prefers the fare when it expires first, else the level", () => {
    expect(deadlineOf({ status: "pending", levelDeadline: level, fareDeadline: fare })).toEqual({ at: fare, kind: "fare" });
    expect(deadlineOf({ status: "pending", levelDeadline: fare, fareDeadline: level })).toEqual({ at: fare, kind: "level" });
    expect(deadlineOf({ status: "pending", levelDeadline: level, fareDeadline: null })).toEqual({ at: level, kind: "level" });
    expect(deadlineOf({ status: "pending", levelDeadline: null, fareDeadline: fare })).toEqual({ at: fare, kind: "fare" });
  });
  it("has none once decided or without deadlines", () => {
    expect(deadlineOf({ status: "approved", levelDeadline: level, fareDeadline: fare })).toBeNull();
    expect(deadlineOf({ status: "pending", levelDeadline: null, fareDeadline: null })).toBeNull();
  });
});
