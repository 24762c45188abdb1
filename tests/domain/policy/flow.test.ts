// Which approval flow applies to an applicant, and who approves each of its levels.
import { describe, expect, it } from "vitest";
import { departmentPath, flowSpecificity, matchFlow, resolveLevels, type FlowLevel, type FlowRule } from "../../../src/domain/policy";

const flow = (id: number, over: Partial<FlowRule> = {}): FlowRule => ({ id, covers: "both", allEmployees: false, departmentIds: [], employeeIds: [], enabled: true, ...over });

// Departments: 1 总部 ← 2 研发中心 ← 3 前端组; 4 市场部.
const parents = new Map<number, number | null>([[1, null], [2, 1], [3, 2], [4, null]]);
const frontEnd = { employeeId: 30, departmentPath: departmentPath(3, parents) };

describe("departmentPath", () => {
  it("walks from the department up to the root", () => {
    expect(departmentPath(3, parents)).toEqual([3, 2, 1]);
    expect(departmentPath(4, parents)).toEqual([4]);
    expect(departmentPath(null, parents)).toEqual([]);
    expect(departmentPath(99, parents)).toEqual([]);
  });
  it("stops at a cycle in bad data", () => {
    expect(departmentPath(5, new Map([[5, 6], [6, 5]]))).toEqual([5, 6]);
  });
});

describe("matchFlow", () => {
  it("prefers the employee named, then the nearest department, then a company-wide flow", () => {
    const company = flow(1, { allEmployees: true });
    const root = flow(2, { departmentIds: [1] });
    const near = flow(3, { departmentIds: [2] });
    const named = flow(4, { employeeIds: [30] });
    expect(matchFlow([company], frontEnd, "trip")?.id).toBe(1);
    expect(matchFlow([company, root], frontEnd, "trip")?.id).toBe(2);
    expect(matchFlow([company, root, near], frontEnd, "trip")?.id).toBe(3);
    expect(matchFlow([named, company, root, near], frontEnd, "trip")?.id).toBe(4);
    expect(flowSpecificity(near, frontEnd)).toBeGreaterThan(flowSpecificity(root, frontEnd));
  });

  it("skips flows that do not cover the subject or are disabled", () => {
    const trips = flow(1, { allEmployees: true, covers: "trip" });
    const orders = flow(2, { allEmployees: true, covers: "order" });
    const off = flow(3, { employeeIds: [30], enabled: false });
    expect(matchFlow([trips, orders, off], frontEnd, "trip")?.id).toBe(1);
    expect(matchFlow([trips, orders, off], frontEnd, "order")?.id).toBe(2);
  });

  it("answers null when nothing applies: other departments only", () => {
    expect(matchFlow([flow(1, { departmentIds: [4] }), flow(2, { employeeIds: [31] })], frontEnd, "trip")).toBeNull();
    expect(matchFlow([], frontEnd, "order")).toBeNull();
  });

  it("among equally specific flows the oldest wins, in any order", () => {
    const a = flow(7, { departmentIds: [3] });
    const b = flow(5, { departmentIds: [3] });
    expect(matchFlow([a, b], frontEnd, "trip")?.id).toBe(5);
    expect(matchFlow([b, a], frontEnd, "trip")?.id).toBe(5);
  });
});

describe("resolveLevels", () => {
  const company = {
    adminMemberId: 100,
    memberOfEmployee: new Map<number, number | null>([[30, 300], [31, 301], [32, null], [20, 200]]),
    // 前端组 has no head; 研发中心's head is member 200; 市场部's is 301.
    headsOfDepartment: new Map<number, number[]>([[2, [200]], [4, [301]]]),
  };
  const applicant = { ...frontEnd, memberId: 300 };
  const levels = (...l: FlowLevel["approvers"][]): FlowLevel[] => l.map((approvers) => ({ approvers, timeoutHours: null }));

  it("resolves the department head from the nearest department that has one, then named employees and the administrator", () => {
    const r = resolveLevels(levels([{ type: "departmentHead" }], [{ type: "employee", employeeId: 31 }, { type: "admin" }]), applicant, company);
    expect(r).toEqual([[{ memberId: 200, via: "departmentHead" }], [{ memberId: 301, via: "employee" }, { memberId: 100, via: "admin" }]]);
  });

  it("never lets the applicant approve: their level falls to the administrator", () => {
    const head = { ...applicant, memberId: 200, departmentPath: [2, 1] };
    expect(resolveLevels(levels([{ type: "departmentHead" }]), head, company)).toEqual([[{ memberId: 100, via: "admin" }]]);
    expect(resolveLevels(levels([{ type: "employee", employeeId: 30 }]), applicant, company)).toEqual([[{ memberId: 100, via: "admin" }]]);
  });

  it("sends a level whose approvers cannot sign in to the administrator, and gives up without one", () => {
    expect(resolveLevels(levels([{ type: "employee", employeeId: 32 }]), applicant, company)).toEqual([[{ memberId: 100, via: "admin" }]]);
    expect(resolveLevels(levels([{ type: "employee", employeeId: 32 }]), applicant, { ...company, adminMemberId: null })).toBeNull();
  });

  it("lists a member once per level", () => {
    const r = resolveLevels(levels([{ type: "employee", employeeId: 20 }, { type: "departmentHead" }]), applicant, company);
    expect(r).toEqual([[{ memberId: 200, via: "employee" }]]);
  });
});
