// @vitest-environment jsdom
// The staff page (EnterpriseStall) in the real <App/> against the real server and demo seed,
// signed in as the company administrator (13800000070): the list (phones masked), the
// organisation tree, the row actions, its summary, the keyword
// search, reset, an address that carries filters, and what a filter matching nobody shows; and
// the 403 an individual member gets instead.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import App from "../../src/App";
import { i18n } from "../../src/providers/i18n-provider";
import { servePortal } from "../providers/live-server";
import { startHarness, type Harness } from "../server/harness";
import { login } from "../server/account-helpers";
import { memberInfo } from "../../server/services/accounts/member-view";

const PATH = "/personnel/enterpriseStall";
// The whole portal renders in jsdom against a live server: on a loaded machine a page can take
// many seconds, which says nothing about the page.
const WAIT_MS = 30_000;
const ALL = ["周文博", "杨帆", "陈静", "黄磊"];

let h: Harness;
let session: { token: string; user: unknown };
const requests: string[] = [];
let inFlight = 0;

beforeAll(async () => {
  h = await startHarness();
  await servePortal(h);
  h.app.server.on("request", (req, res) => {
    requests.push(String(req.url));
    inFlight++;
    res.on("close", () => inFlight--);
  });
  const token = await login(h.app, "13800000070");
  const member = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000070").executeTakeFirstOrThrow();
  session = { token, user: await memberInfo(h.db.db, member) };
});
afterAll(async () => h?.close());
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  requests.length = 0;
  await i18n.changeLanguage("zh-CN");
  localStorage.setItem("token", session.token);
  localStorage.setItem("userInfo", JSON.stringify(session.user));
});
// A test ends once the server has answered everything it was asked, so no late request of one
// test is counted against the next.
afterEach(async () => {
  cleanup();
  await waitFor(() => expect(inFlight).toBe(0), { timeout: WAIT_MS });
  await new Promise((resolve) => setTimeout(resolve, 50));
  await waitFor(() => expect(inFlight).toBe(0), { timeout: WAIT_MS });
});

function renderAt(address: string) {
  window.history.replaceState({}, "", address);
  return render(<App />);
}

/** The names in the table body, in row order. */
function shownNames(): string[] {
  // The first cell holds the name, then the masked phone and certificates.
  return [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")].map((tr) => tr.querySelector("td strong")?.textContent ?? "");
}
const summary = () => screen.getByTestId("staff-summary").textContent;
const query = () => new URLSearchParams(window.location.search);

describe("the staff page", { timeout: 180_000 }, () => {
  it("lists the company's 4 employees with their department, level and controls, newest first", async () => {
    renderAt(PATH);
    await waitFor(() => expect(shownNames()).toHaveLength(4), { timeout: WAIT_MS });
    expect([...shownNames()].sort()).toEqual([...ALL].sort());
    expect(document.querySelector('[data-page="EnterpriseStall"]')?.getAttribute("data-access")).toBe("granted");
    expect(summary()).toBe("华信科技有限公司 · 共 4 名员工");
    expect(screen.getByText("共 4 人")).toBeTruthy();
    for (const head of ["姓名", "部门", "差旅等级", "状态", "操作"]) {
      expect(within(document.querySelector(".ant-table-thead") as HTMLElement).getByText(head)).toBeTruthy();
    }
    const chen = screen.getByText("陈静").closest("tr") as HTMLElement;
    // Phones are masked on the list.
    for (const text of ["138****0071", "研发部", "部门主管", "管理层", "需审批", "费用管控", "改签审批", "超标审批", "可审批"]) {
      expect(within(chen).getByText(text)).toBeTruthy();
    }
    expect(within(chen).getByText("已启用")).toBeTruthy();
    expect(within(screen.getByText("杨帆").closest("tr") as HTMLElement).getByText("无差旅管控")).toBeTruthy();
    expect(screen.queryByText("13800000071")).toBeNull();
    // Adding, importing (the admin has pnrImport) and each row's actions.
    expect(screen.getByRole("button", { name: /添加员工/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /导入员工/ })).toBeTruthy();
    expect(within(chen).getByRole("button", { name: "编辑" })).toBeTruthy();
    expect(within(chen).getByRole("button", { name: "停用" })).toBeTruthy();
    expect(within(chen).getByRole("button", { name: "删除" })).toBeTruthy();
    // The organisation tree, with head counts.
    expect(screen.getByText("全部员工（4）")).toBeTruthy();
    expect(screen.getByText("研发部（2人）")).toBeTruthy();
    // The empty state of the old placeholder page is gone.
    expect(screen.queryByText("暂无员工")).toBeNull();
    // The address carries the table state (Refine's syncWithLocation).
    await waitFor(() => expect(query().get("pageSize")).toBe("10"));

    // 姓名 sorts on the server: the header asks for realName ascending (tests/server/staff.test.ts
    // checks the order itself).
    requests.length = 0;
    fireEvent.click(within(document.querySelector(".ant-table-thead") as HTMLElement).getByText("姓名"));
    await waitFor(() => expect(query().get("sorters[0][field]")).toBe("realName"), { timeout: WAIT_MS });
    expect(query().get("sorters[0][order]")).toBe("asc");
    await waitFor(() => expect(requests.some((u) => u.startsWith("/api/credit/employee/list"))).toBe(true), { timeout: WAIT_MS });
  });

  it("searches by keyword, resets, and says so when nobody matches", async () => {
    renderAt(PATH);
    await waitFor(() => expect(shownNames()).toHaveLength(4), { timeout: WAIT_MS });
    const keyword = screen.getByPlaceholderText("姓名/手机号");

    fireEvent.change(keyword, { target: { value: "陈" } });
    fireEvent.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() => expect(shownNames()).toEqual(["陈静"]), { timeout: WAIT_MS });
    expect(summary()).toBe("华信科技有限公司 · 符合条件的员工 1 名");
    expect(requests.some((u) => u.startsWith("/api/credit/employee/list"))).toBe(true);
    expect(window.location.search).toContain("keyword");

    // Enter in the form submits it too (and skips the button's click effect, slow in jsdom).
    fireEvent.change(keyword, { target: { value: "0072" } });
    fireEvent.submit(keyword.closest("form")!);
    await waitFor(() => expect(shownNames()).toEqual(["杨帆"]), { timeout: WAIT_MS });

    fireEvent.change(keyword, { target: { value: "无此人" } });
    fireEvent.submit(keyword.closest("form")!);
    expect(await screen.findByText("暂无符合条件的员工", {}, { timeout: WAIT_MS })).toBeTruthy();
    expect(shownNames()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: /重置/ }));
    await waitFor(() => expect(shownNames()).toHaveLength(4), { timeout: WAIT_MS });
    // antd's resetFields mounts the fields afresh: look the input up again.
    expect((screen.getByPlaceholderText("姓名/手机号") as HTMLInputElement).value).toBe("");
    expect(window.location.search).not.toContain("keyword");
    expect(summary()).toBe("华信科技有限公司 · 共 4 名员工");
  });

  it("shows an individual member (10) the frame's 403 and never asks for the list", async () => {
    const token = await login(h.app, "13800000010");
    const member = await h.db.db.selectFrom("members").selectAll().where("mobilePhone", "=", "13800000010").executeTakeFirstOrThrow();
    localStorage.setItem("token", token);
    localStorage.setItem("userInfo", JSON.stringify(await memberInfo(h.db.db, member)));
    renderAt(PATH);
    expect(await screen.findByText("您没有权限访问此页面", {}, { timeout: WAIT_MS })).toBeTruthy();
    expect(requests.filter((u) => u.startsWith("/api/credit/"))).toEqual([]);
  });

  it("opens with the filters an address carries, and fills the form from them", async () => {
    const dept = await h.db.db.selectFrom("departments").select("id").where("name", "=", "研发部").executeTakeFirstOrThrow();
    const search = new URLSearchParams({
      currentPage: "1", pageSize: "10",
      "sorters[0][field]": "createTime", "sorters[0][order]": "desc",
      "filters[0][field]": "departmentId", "filters[0][operator]": "eq", "filters[0][value]": String(dept.id),
    });
    renderAt(`${PATH}?${search}`);
    await waitFor(() => expect([...shownNames()].sort()).toEqual(["陈静", "黄磊"].sort()), { timeout: WAIT_MS });
    // The tree marks the department the address chose.
    const node = await screen.findByText("研发部（2人）", {}, { timeout: WAIT_MS });
    await waitFor(() => expect(node.closest(".ant-tree-treenode")?.className).toContain("ant-tree-treenode-selected"), { timeout: WAIT_MS });
    expect(summary()).toBe("华信科技有限公司 · 符合条件的员工 2 名");
  });
});
