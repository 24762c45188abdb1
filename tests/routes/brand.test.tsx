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
  delete process.env.BRAND_ICP;
});

describe("brand from the server", () => {
  it("shows the pay-now brand by default, with no filing line until the deployment sets one", async () => {
    window.history.pushState({}, "", "/view/text/company.shtml");
    render(<App />);
    expect((await screen.findAllByText("400-800-1234")).length).toBeGreaterThan(0);
    expect(screen.queryByText(/ICP备/)).toBeNull();
    expect(screen.queryByRole("button", { name: "下载APP" })).toBeNull();
  });

  it("switches the portal to the confirm brand when the server says so", async () => {
    process.env.BRAND = "confirm";
    process.env.BRAND_ICP = "京ICP备2026000002号-1";
    window.history.pushState({}, "", "/view/text/company.shtml");
    render(<App />);
    expect((await screen.findAllByText("京ICP备2026000002号-1")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("400-800-5678").length).toBeGreaterThan(0);
    expect(screen.queryByText("400-800-1234")).toBeNull();
  });
});
