// The 数电票 provider's client against a fake platform (a small HTTP server here) on a fresh
// database (SQLite, or PostgreSQL with DATABASE_URL): every request is signed over appId,
// timestamp, nonce and body; an issued answer becomes the document; a 5xx, a timeout, a busy code
// and an answer signed with another secret are retryable, a refusal is final; a serial the
// platform has seen answers the same document, never a second one. Through the issue job, a
// retryable failure keeps the document 待开具 with its job due again, a final one stops the job
// with the document still 待开具, and the next success files it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openSeededTestDb, type SeededDb } from "./harness";
import { createProviderIssuer, providerSerial, providerSignature } from "../../server/einvoices/issuer/provider";
import { IssuerError, type IssueRequest } from "../../server/einvoices/issuer/types";
import type { ProviderSettings } from "../../server/einvoices/issuer/settings";
import { einvoiceIssueJob } from "../../server/einvoices/jobs";
import { enqueueIssue } from "../../server/einvoices/jobs-queue";
import { JobKinds } from "../../server/jobs/kinds";
import { createJobRunner } from "../../server/jobs/runner";
import { setClock } from "../../server/services/clock";

const APP_ID = "portal-app";
const SECRET = "provider-secret-0123456789abcdef";

type Mode = "issue" | "processing" | "5xx" | "refuse" | "busy" | "slow" | "forged";
let mode: Mode = "issue";
/** Serial → the document the fake platform issued for it (it never issues a serial twice). */
const issued = new Map<string, { invoiceNo: string; issueTime: string; direction: string }>();
const seen: { path: string; body: Record<string, unknown>; signed: boolean }[] = [];
let server: http.Server;
let settings: ProviderSettings;

function answer(res: http.ServerResponse, status: number, payload: unknown, secret = SECRET) {
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const nonce = "ab".repeat(16);
  res.writeHead(status, { "content-type": "application/json", "x-app-id": APP_ID, "x-timestamp": timestamp, "x-nonce": nonce, "x-signature": providerSignature(secret, APP_ID, timestamp, nonce, body) });
  res.end(body);
}

const documentOf = (serialNo: string) => {
  const d = issued.get(serialNo)!;
  return { serialNo, status: "issued", invoiceNo: d.invoiceNo, issueTime: d.issueTime, xml: `<EInvoice><Number>${d.invoiceNo}</Number><Direction>${d.direction}</Direction></EInvoice>` };
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const h = (n: string) => String(req.headers[n] ?? "");
      const signed = h("x-app-id") === APP_ID && h("x-signature") === providerSignature(SECRET, APP_ID, h("x-timestamp"), h("x-nonce"), raw) && /^[0-9a-f]{32}$/.test(h("x-nonce"));
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ path: req.url!, body, signed });
      if (!signed) return answer(res, 401, { code: "4010", message: "签名错误" });
      if (mode === "slow") return void setTimeout(() => answer(res, 200, { code: "0000" }), 5_000);
      if (mode === "5xx") return answer(res, 502, { code: "5000", message: "bad gateway" });
      if (mode === "busy") return answer(res, 200, { code: "1001", message: "系统繁忙" });
      if (mode === "forged") return answer(res, 200, { code: "0000", data: {} }, "another-secret");
      if (req.url === "/invoice/query") {
        const serialNo = body.serialNo as string | undefined;
        if (serialNo && issued.has(serialNo)) return answer(res, 200, { code: "0000", data: documentOf(serialNo) });
        const byNumber = [...issued.entries()].find(([, d]) => d.invoiceNo === body.invoiceNo);
        return answer(res, 200, { code: "0000", data: byNumber ? documentOf(byNumber[0]) : { status: "unknown" } });
      }
      if (mode === "refuse") return answer(res, 200, { code: "3002", message: "购买方纳税人识别号不存在" });
      const serialNo = body.serialNo as string;
      if (!issued.has(serialNo)) issued.set(serialNo, { invoiceNo: `26310000${String(issued.size + 1).padStart(12, "0")}`, issueTime: "2026-03-10T10:00:00+08:00", direction: String(body.direction) });
      if (mode === "processing") {
        mode = "issue";
        return answer(res, 200, { code: "0000", data: { serialNo, status: "processing" } });
      }
      answer(res, 200, { code: "0000", data: documentOf(serialNo) });
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const port = (server.address() as AddressInfo).port;
  settings = { url: `http://127.0.0.1:${port}/`, appId: APP_ID, secret: SECRET, sellerName: "某某商旅服务有限公司", sellerTaxNo: "91310000MA1FL8XC4X" };
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
beforeEach(() => {
  mode = "issue";
  seen.length = 0;
});

const request = (id: number, over: Partial<IssueRequest> = {}): IssueRequest => ({
  id, kind: "air", direction: "blue", issuedAt: "2026-03-10T02:00:00.000Z", seller: { name: "x", taxNo: null }, buyer: { name: "演示企业有限公司", taxNo: "91110000MA01234567" },
  passenger: { name: "张三", certNo: "11010519491231002X" }, detail: { item: "运输服务*国内航空旅客运输服务", ticketNo: "7840000000001", fare: 60_000 },
  amounts: { total: 67_000, taxable: 62_000, exempt: 5_000, tax: 5_119, net: 56_881, rateBp: 900 }, ...over,
});

const failure = async (p: Promise<unknown>): Promise<IssuerError> => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(IssuerError);
  return e as IssuerError;
};

describe("the provider client", () => {
  it("signs each request, sends amounts as yuan and takes the issued document", async () => {
    const issuer = createProviderIssuer(settings);
    const doc = await issuer.issue(request(1));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ path: "/invoice/issue", signed: true, body: { serialNo: providerSerial(1), direction: "blue", amounts: { total: "670.00", tax: "51.19" }, taxRate: "9%" } });
    expect(seen[0].body.seller).toEqual({ name: "某某商旅服务有限公司", taxNo: "91310000MA1FL8XC4X" });
    expect(doc).toMatchObject({ number: "26310000000000000001", issuedAt: "2026-03-10T02:00:00.000Z", issuer: "provider", sandbox: false, seller: { name: "某某商旅服务有限公司" } });
    expect(doc.xml).toContain("<Number>26310000000000000001</Number>");
  });

  it("answers the same document when the same serial is sent again", async () => {
    const issuer = createProviderIssuer(settings);
    const first = await issuer.issue(request(2));
    const again = await issuer.issue(request(2));
    expect(again.number).toBe(first.number);
    expect([...issued.keys()].filter((s) => s === providerSerial(2))).toHaveLength(1);
  });

  it("asks after a document still being issued by its serial", async () => {
    mode = "processing";
    const doc = await createProviderIssuer(settings, { pollMs: 1 }).issue(request(3));
    expect(seen.map((s) => s.path)).toEqual(["/invoice/issue", "/invoice/query"]);
    expect(seen[1].body).toEqual({ serialNo: providerSerial(3) });
    expect(doc.number).toBe(issued.get(providerSerial(3))!.invoiceNo);
  });

  it("reverses with the original's number and queries a number's state", async () => {
    const issuer = createProviderIssuer(settings);
    const blue = await issuer.issue(request(4));
    const red = await issuer.reverse({ ...request(5, { direction: "red" }), original: { number: blue.number, issuedAt: blue.issuedAt } });
    expect(seen[1]).toMatchObject({ path: "/invoice/reverse", body: { serialNo: providerSerial(5), direction: "red", originalNumber: blue.number } });
    expect(red.number).not.toBe(blue.number);
    expect(await issuer.query(blue.number)).toBe("issued");
    expect(await issuer.query("00000000000000000000")).toBe("unknown");
  });

  it("tells a retryable failure from a final refusal", async () => {
    // Only the slow answer meets the short timeout: a loaded machine may take longer than it to
    // answer at all, and every other case must be read as answered.
    const issuer = createProviderIssuer(settings);
    const impatient = createProviderIssuer(settings, { timeoutMs: 100 });
    mode = "5xx";
    expect((await failure(issuer.issue(request(6)))).retryable).toBe(true);
    mode = "busy";
    expect((await failure(issuer.issue(request(6)))).retryable).toBe(true);
    mode = "slow";
    const late = await failure(impatient.issue(request(6)));
    expect(late.retryable).toBe(true);
    expect(late.message).toContain("within 100 ms");
    mode = "forged";
    expect((await failure(issuer.issue(request(6)))).message).toContain("not signed");
    mode = "refuse";
    const refused = await failure(issuer.issue(request(6)));
    expect(refused.retryable).toBe(false);
    expect(refused.message).toContain("购买方纳税人识别号不存在");
    const wrongSecret = createProviderIssuer({ ...settings, secret: "not-the-secret" });
    mode = "issue";
    expect((await failure(wrongSecret.issue(request(6)))).retryable).toBe(false);
  });
});

describe("the issue job with the provider", () => {
  let s: SeededDb;
  const db = () => s.db.db;
  let clock = Date.parse("2026-03-10T02:00:00.000Z");
  let runner: ReturnType<typeof createJobRunner>;

  beforeAll(async () => {
    s = await openSeededTestDb();
    setClock(() => clock);
    runner = createJobRunner({ db: db(), dialect: s.db.dialect, kinds: new JobKinds().register(einvoiceIssueJob(createProviderIssuer(settings, { timeoutMs: 1_000 }))) });
  });
  afterAll(async () => {
    setClock(() => Date.now());
    await s.close();
  });

  async function pendingDocument(n: number): Promise<number> {
    const member = await db().selectFrom("members").select("id").where("mobilePhone", "=", "13800000010").executeTakeFirstOrThrow();
    const at = new Date(clock).toISOString();
    const order = await db()
      .insertInto("orders")
      .values({
        orderNo: `EP${String(n).padStart(10, "0")}`, product: "air", memberId: member.id, companyId: null, bookerMemberId: member.id, travellerMemberId: null, status: 2, ticketFen: 60_000, constructionFeeFen: 5_000,
        fuelSurchargeFen: 2_000, serviceFeeFen: 0, insuranceFen: 0, totalFen: 67_000, fareKey: "test", holdId: null, depDate: "2026-04-01", title: "北京-上海", snapshot: "{}", contactName: "张三",
        contactMobile: "13800000010", clientKey: `einvprov-${n}`, expiresAt: null, createTime: at, updateTime: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await db()
      .insertInto("einvoices")
      .values({
        memberId: member.id, companyId: null, orderId: order.id, passengerId: n, ticketNo: `784000000${n}`, subjectKey: `flight:${n}:p`, kind: "air", direction: "blue", originalId: null, status: "pending",
        titleType: "personal", buyerName: "个人", buyerTaxNo: null, email: null, passengerName: "张三", certNo: "11010519491231002X",
        detail: JSON.stringify({ item: "运输服务*国内航空旅客运输服务", ticketNo: `784000000${n}`, fare: 60_000 }), totalFen: 67_000, taxableFen: 62_000, exemptFen: 5_000, taxFen: 5_119, rateBp: 900,
        number: null, issuedAt: null, xml: null, issuer: null, sellerName: null, sellerTaxNo: null, sandbox: 0, createTime: at, updateTime: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueIssue(db(), row.id);
    return row.id;
  }
  const documentRow = (id: number) => db().selectFrom("einvoices").select(["status", "number", "issuer", "sandbox", "sellerName"]).where("id", "=", id).executeTakeFirstOrThrow();
  const jobOf = (id: number) => db().selectFrom("jobs").select(["doneAt", "failedAt", "lastError", "attempts"]).where("payload", "=", JSON.stringify({ id })).executeTakeFirstOrThrow();

  it("keeps the document 待开具 on a retryable failure and files it when the platform answers", async () => {
    const id = await pendingDocument(101);
    mode = "5xx";
    expect(await runner.runDueJobs()).toMatchObject({ retried: 1, done: 0 });
    expect(await documentRow(id)).toMatchObject({ status: "pending", number: null });
    mode = "slow";
    clock += 60_000;
    expect(await runner.runDueJobs()).toMatchObject({ retried: 1 });
    expect(await documentRow(id)).toMatchObject({ status: "pending", number: null });
    expect((await jobOf(id)).failedAt).toBeNull();
    mode = "issue";
    clock += 5 * 60_000;
    expect(await runner.runDueJobs()).toMatchObject({ done: 1 });
    expect(await documentRow(id)).toMatchObject({ status: "issued", number: issued.get(providerSerial(id))!.invoiceNo, issuer: "provider", sandbox: 0, sellerName: "某某商旅服务有限公司" });
    // The platform was sent one serial for the document, however many times it was asked.
    expect(new Set(seen.filter((r) => r.path === "/invoice/issue").map((r) => r.body.serialNo))).toEqual(new Set([providerSerial(id)]));
  });

  it("stops the job on a final refusal, the document still 待开具", async () => {
    const id = await pendingDocument(102);
    mode = "refuse";
    expect(await runner.runDueJobs()).toMatchObject({ failed: 1, retried: 0 });
    expect(await documentRow(id)).toMatchObject({ status: "pending", number: null });
    const job = await jobOf(id);
    expect(job.failedAt).not.toBeNull();
    expect(job.lastError).toContain("购买方纳税人识别号不存在");
  });
});
