import { describe, expect, it } from "vitest";
import { isSafeNavigation } from "../../src/domain/urls";

describe("isSafeNavigation", () => {
  it.each([
    "/myCenter/order_list/airTicket",
    "/view/index.shtml?from=tips#top",
    "myCenter/index",
    "?tab=2",
    "https://pay.example.com/cashier?id=1",
    "http://partner.example.cn/home",
    "HTTPS://EXAMPLE.COM/",
    "//cdn.example.com/help",
  ])("allows %s", (url) => expect(isSafeNavigation(url)).toBe(true));

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "blob:https://example.com/uuid",
    "mailto:a@b.cn",
    "/path with blank",
    "",
  ])("refuses %j", (url) => expect(isSafeNavigation(url)).toBe(false));

  it.each([null, undefined, 42, {}, ["/x"]])("refuses non-text %j", (url) => expect(isSafeNavigation(url)).toBe(false));
});
