// The specs' `test`: Playwright's, plus one rule every spec gets without asking. A test that
// signs in a second person opens a browser context of its own (signedInAs, an operator's
// console); left open, its pages keep polling the server (the bell, the cashier) until the
// worker ends, and a long run's later specs share the machine with dozens of idle tabs. So
// whatever contexts a test opened are closed when it ends, the default one by Playwright.
import { test as base } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser, context }, use) => {
      await use();
      await Promise.all(browser.contexts().filter((c) => c !== context).map((c) => c.close()));
    },
    { auto: true },
  ],
});
