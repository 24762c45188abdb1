// @vitest-environment jsdom
// An audit row reads as the operator's words: every recorded action and object has a name in both
// languages, stored instants show in China time, and "status 1" means 正常 only for the objects
// whose status is on/off (an order's status is its own code, shown as it is).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import { i18n, i18nProvider, loadAllTexts } from "../../src/providers/i18n-provider";
import { AuditChange } from "../../src/components/audit/AuditChange";
import { OPS_AUDIT_ACTIONS, OPS_AUDIT_OBJECTS } from "../../src/domain/ops/audit-actions";

beforeAll(async () => {
  await loadAllTexts();
  await i18n.changeLanguage("zh-CN");
});
afterEach(cleanup);

function show(before: unknown, after: unknown, objectType?: string) {
  const view = render(
    <Refine i18nProvider={i18nProvider} options={{ disableTelemetry: true }}>
      <div data-testid="change"><AuditChange before={before} after={after} objectType={objectType} /></div>
    </Refine>,
  );
  const text = view.getByTestId("change").textContent;
  view.unmount();
  return text;
}

describe("the operator audit log's texts", () => {
  it("names every action and object in Chinese and English", async () => {
    for (const lang of ["zh-CN", "en-US"]) {
      await i18n.changeLanguage(lang);
      for (const a of OPS_AUDIT_ACTIONS) expect(i18n.exists(`ops.audit.actions.${a}`), `${lang} ${a}`).toBe(true);
      for (const o of OPS_AUDIT_OBJECTS) expect(i18n.exists(`ops.audit.objects.${o}`), `${lang} ${o}`).toBe(true);
    }
    await i18n.changeLanguage("zh-CN");
  });

  it("shows a stored instant in China time and names the field", () => {
    expect(show(null, { createTime: "2026-11-30T01:20:39.374Z" }, "operator")).toBe("创建时间：2026-11-30 09:20");
  });

  it("reads status 1 as 正常 for a member, and as the code itself for an order", () => {
    expect(show({ status: 0 }, { status: 1 }, "member")).toBe("状态：已停用 → 正常");
    expect(show({ status: 1 }, { status: 14 }, "order")).toBe("状态：1 → 14");
  });
});
