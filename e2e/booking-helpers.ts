// What the booking specs share: dates ahead in China time, and filling the search bars' place
// pickers and date fields the way a person does.
import { expect, type Page } from "@playwright/test";
import { parseYuan } from "../src/domain/money";

/** A date some days ahead in China time, as the date fields read it. */
export function daysAhead(n: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
}

/** Types into a place picker and picks the first suggestion whose name contains `name`. */
export async function pick(page: Page, label: string, typed: string, name: string) {
  const box = page.getByRole("combobox", { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole("listbox", { name: label }).getByRole("option", { name }).first().click();
  await expect(box).toHaveValue(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

/** Types a date into the date field with that placeholder. */
export async function setDate(page: Page, label: string, date: string) {
  const input = page.getByPlaceholder(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press("Enter");
}

/** A shown amount ('¥1,234.50', '-¥20.00') in fen, read exactly; a text with no amount fails the test. */
export function fenOf(text: string): number {
  const fen = parseYuan(text.replace(/[^\d.-]/g, ""), { negative: true });
  if (fen === null) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return fen;
}
