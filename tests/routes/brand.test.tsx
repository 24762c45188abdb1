// @vitest-environment jsdom
// The brand comes from the server (env BRAND), so one setting drives the portal and the API.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import App from "../../src/App";
import { i18n } from "../../src/providers/i18n-provider";
import { servePortal } from "../providers/live-server";
import { startHarness, type Harness } from "../server/harness";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ seed: false });
  await servePortal(h);
});
afterAll(async () => h?.close());
beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage("zh-CN");
});
afterEach(() => {
  cleanup();
  delete process.env.BRAND;
});

describe("brand from the server", () => {
  it("shows the pay-now brand by default", async () => {
    window.history.pushState({}, "", "/view/text/company.shtml");
    render(<App />);
    expect((await screen.findAllByText(/沪ICP备00000000号-1/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText("400-800-1234").length).toBeGreaterThan(0);
  });

  it("switches the portal to the confirm brand when the server says so", async () => {
    process.env.BRAND = "confirm";
    window.history.pushState({}, "", "/view/text/company.shtml");
    render(<App />);
    expect((await screen.findAllByText(/京ICP备00000000号-1/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText("400-800-5678").length).toBeGreaterThan(0);
    expect(screen.queryByText("400-800-1234")).toBeNull();
  });
});
