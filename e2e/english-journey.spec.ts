// The portal in English, from a flight search to the paid order: every page on the way is read
// as the member sees it (document.body.innerText), and no Chinese may show there except names
// people typed (the member's, the passenger's and the contact's, the company's).
import { expect, test, type Page } from "./fixtures";
import { ensurePayPassword, PAY_PASSWORD, signIn, watchConsole } from "./helpers";
import { daysAhead } from "./booking-helpers";
import type { FlightListReply } from "../src/domain/travel/types";

// Not 13800000010: the cashier spec, in the same half of the suite, counts on that wallet's opening balance.
const MEMBER = "13800000050";
/** Names people typed: the seeded member and the passenger entered below. */
const TYPED_NAMES = ["吴刚", "张三"];
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]+/g;

/**
 * Chinese that belongs on an English page: the language switch names Chinese in Chinese, and
 * the footer carries the site's filing number as the deployment sets it (a legal text, BRAND_ICP).
 */
const OWN_CHINESE = [/^中文$/, /^\S{1,2}ICP备\d+号(-\d+)?$/];

/** The Chinese runs a page shows that are not typed names, each with the line it stands in. */
async function chineseOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found: string[] = [];
  for (const line of text.split("\n")) {
    if (OWN_CHINESE.some((own) => own.test(line.trim()))) continue;
    // The avatar shows the first character of the member's name.
    if (TYPED_NAMES.some((name) => line.trim() !== "" && name.includes(line.trim()))) continue;
    let rest = line;
    for (const name of TYPED_NAMES) rest = rest.replaceAll(name, "");
    const runs = (rest.match(CJK_RUN) ?? []).filter((run) => /[\u3400-\u9fff\uf900-\ufaff]/.test(run));
    for (const run of runs) found.push(`${run}   ← ${line.trim().slice(0, 120)}`);
  }
  return [...new Set(found)];
}

const seen: Record<string, string[]> = {};
async function scan(page: Page, where: string): Promise<void> {
  const found = await chineseOn(page);
  if (!found.length) return;
  seen[where] = found;
  // Printed as found, so a journey that stops halfway still tells what it met.
  console.log(`${where}:\n  ${found.join("\n  ")}`);
}

test("an English reader books and pays a domestic flight without meeting Chinese", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, MEMBER);
  await ensurePayPassword(page, MEMBER);
  await page.evaluate(() => localStorage.setItem("locale", "en-US"));

  // Results: Beijing to Shanghai a few days ahead; the cheapest public fare (not a government
  // one, which has a form of its own) is one the wallet can pay.
  const depDate = daysAhead(5);
  const reply = await page.request.post("/api/api/v1/trip_manager/air_ticket_domestic_flight/list", { form: { depCity: "BJS", arrCity: "SHA", depDate } });
  const { list }: FlightListReply = (await reply.json()).data;
  const cheapest = list
    .flatMap((f) => f.seats.filter((s) => s.seatsLeft >= 1 && s.fareFamily !== "GP").map((s) => ({ flightNo: f.flightNo, fareKey: s.fareKey, price: s.salePrice })))
    .sort((a, b) => a.price - b.price)[0]!;
  await page.goto(`/airTicket/query?depCity=BJS&arrCity=SHA&depDate=${depDate}`);
  const cards = page.locator("[data-flight]");
  await expect(cards.first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await scan(page, "flight results");

  // A flight's fares, and the first economy one booked.
  const card = page.locator(`[data-flight="${cheapest.flightNo}"]`).first();
  await card.getByRole("button", { name: /Fares/ }).click();
  const cabin = card.locator(`[data-fare="${cheapest.fareKey}"]`);
  await expect(cabin).toBeVisible();
  await scan(page, "fares of a flight");
  await cabin.getByRole("button", { name: "Book" }).click();
  await expect(page).toHaveURL(/\/airTicket\/order_info\?/);

  // The order form, filled.
  await expect(page.getByTestId("flight-summary")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).first().fill("张三");
  await page.getByLabel("Certificate number").first().fill("11010519491231002X");
  await expect(page.getByTestId("passenger-0")).toContainText("Adult");
  await scan(page, "order form");
  await page.getByRole("button", { name: "Submit order" }).click();

  // The unpaid order, then the cashier.
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  await expect(page.getByTestId("order-status")).toBeVisible();
  await scan(page, "unpaid order");
  await page.getByRole("link", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/pay\/order\/\d+$/);
  await expect(page.getByTestId("pay-amount")).toBeVisible();
  await scan(page, "cashier");
  const password = page.getByLabel("Pay password");
  if (await password.count()) await password.fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "Pay now" }).click();

  // Paid: the finish page, the order and the order list.
  await expect(page).toHaveURL(/\/view\/airTicket\/orderfinish\.shtml\?/);
  await scan(page, "payment finished");
  await page.getByRole("main").getByRole("link", { name: "View order" }).click();
  await expect(page).toHaveURL(/\/ticket\/OrderDetails\/\d+$/);
  await expect(page.getByTestId("order-status")).not.toHaveText("Pending payment");
  await scan(page, "paid order");

  // Ticketed, the change dialog names the ticket's flight and the fares to change to in English.
  await expect(page.getByTestId("order-status")).toHaveText("Ticketed", { timeout: 30_000 });
  await scan(page, "ticketed order");
  await page.getByRole("button", { name: "Change", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Change flight" });
  // The ticket's cabin and booking class, spaced as English reads them (经济舱H in Chinese).
  await expect(dialog.locator(".ant-descriptions").first()).toContainText(/Current flight.*\d{2}:\d{2} (Economy|Business|First) [A-Z]$/);
  await expect(dialog.locator("tr[data-row-key]").first()).toBeVisible();
  await scan(page, "change dialog");
  await dialog.getByRole("button", { name: "Not now" }).click();
  await expect(dialog).toBeHidden();
  await page.goto("/order/list?type=airTicket");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await scan(page, "order list");

  expect(seen).toEqual({});
  expect(errors).toEqual([]);
});
