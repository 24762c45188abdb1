// Every route-guard rule of spec §4, as a table over the pure decision function.
import { describe, expect, it } from "vitest";
import {
  BRAND_HOST_TEXT, BUSINESS_INDEX_PATH, OFFICIAL_INDEX_PATH, decideGuard, type GuardAction, type GuardInput,
} from "../../src/access/guard";
import { findRoute } from "../../src/access/routes";

const TIANHE = "TH2019000001"; // keeps sign in the URL; home /th_business_index
const WEILAN = "WL2020000002"; // drops it; home /wl/index

function at(url: string, extra: Partial<GuardInput> = {}): GuardInput {
  const u = new URL(url, "http://portal.example.com");
  const match = findRoute(u.pathname);
  return {
    pathname: u.pathname,
    search: u.search,
    host: "portal.example.com",
    token: null,
    routeNeedsAuth: match?.def.auth ?? false,
    routeName: match?.def.name ?? null,
    ...extra,
  };
}
const types = (actions: GuardAction[]) => actions.map((a) => a.type);

describe("third-party entry (sign, appId, access_type)", () => {
  it("access_type THIRD_PARTY with a sign clears local and session storage", () => {
    const actions = decideGuard(at("/hotel/list?sign=abc&access_type=THIRD_PARTY", { token: "old" }));
    expect(types(actions)[0]).toBe("clearStorage");
    // The old token went with the storage: it is not used to load member info.
    expect(types(actions)).not.toContain("loadMember");
  });

  it("a sign without THIRD_PARTY or appId leaves storage alone", () => {
    expect(types(decideGuard(at("/hotel/list?sign=abc", { token: "t" })))).toEqual(["loadMember"]);
  });

  it("sign + appId: storage cleared, the new values stored, the sign exchanged, the keys dropped", () => {
    const actions = decideGuard(at(`/hotel/list?appId=${WEILAN}&sign=s1&timestamp=1700000000000&access_type=THIRD_PARTY&city=bj`, { storedAppId: TIANHE, storedSign: "s0", token: "old" }));
    expect(actions).toEqual([
      { type: "clearStorage" },
      { type: "storeEntry", appId: WEILAN, sign: "s1", timestamp: "1700000000000", accessType: "THIRD_PARTY" },
      { type: "thirdPartyEntry", appId: WEILAN, sign: "s1", timestamp: "1700000000000", accessType: "THIRD_PARTY" },
      { type: "dropQueryKeys", keys: ["sign", "appId", "access_type", "timestamp"], to: "/hotel/list?city=bj" },
    ]);
  });

  it("keeps sign, appId and access_type in the URL for the app ids that need them", () => {
    const actions = decideGuard(at(`/hotel/list?appId=${TIANHE}&sign=s1&timestamp=1&access_type=THIRD_PARTY`));
    expect(types(actions)).toEqual(["clearStorage", "storeEntry", "thirdPartyEntry"]);
  });

  it("a sign already taken is not taken again (reload, or a partner that keeps it in the URL)", () => {
    const actions = decideGuard(at(`/hotel/list?appId=${TIANHE}&sign=s1&access_type=THIRD_PARTY`, { storedAppId: TIANHE, storedSign: "s1", token: "t" }));
    expect(types(actions)).toEqual(["loadMember"]);
  });

  it("a route needing login does not open the dialog while the entry's token is on its way", () => {
    const actions = decideGuard(at(`/myCenter/self_info?appId=${WEILAN}&sign=s1&timestamp=1`));
    expect(types(actions)).not.toContain("openLogin");
    expect(types(actions)).toContain("thirdPartyEntry");
  });
});

describe("signed-in user", () => {
  it("with a token, member info is loaded (and the type label set) on any route", () => {
    expect(decideGuard(at("/view/index.shtml", { token: "t" }))).toEqual([{ type: "loadMember" }]);
    expect(decideGuard(at("/myCenter/self_info", { token: "t" }))).toEqual([{ type: "loadMember" }]);
  });

  it("without a token nothing is loaded on a public route", () => {
    expect(decideGuard(at("/view/index.shtml"))).toEqual([]);
  });
});

describe("third-party app on the official or business index", () => {
  it("goes to its configured home page", () => {
    expect(decideGuard(at(OFFICIAL_INDEX_PATH, { storedAppId: WEILAN, token: "t" }))).toEqual([{ type: "loadMember" }, { type: "redirect", to: "/wl/index" }]);
    expect(decideGuard(at(BUSINESS_INDEX_PATH, { storedAppId: WEILAN, token: "t" })).at(-1)).toEqual({ type: "redirect", to: "/wl/index" });
    expect(decideGuard(at(`${BUSINESS_INDEX_PATH}/2`, { storedAppId: WEILAN, token: "t" })).at(-1)).toEqual({ type: "redirect", to: "/wl/index" });
    expect(decideGuard(at(OFFICIAL_INDEX_PATH, { storedAppId: TIANHE, token: "t" })).at(-1)).toEqual({ type: "redirect", to: BUSINESS_INDEX_PATH });
  });

  it("stays when the index is already its home page", () => {
    expect(decideGuard(at(BUSINESS_INDEX_PATH, { storedAppId: TIANHE, token: "t" }))).toEqual([{ type: "loadMember" }]);
  });

  it("fresh from the entry link: home page after the sign-in, with the entry keys gone (or kept)", () => {
    const weilan = decideGuard(at(`${BUSINESS_INDEX_PATH}?appId=${WEILAN}&sign=s1&timestamp=1&access_type=THIRD_PARTY`));
    expect(types(weilan)).toEqual(["clearStorage", "storeEntry", "thirdPartyEntry", "redirect"]);
    expect(weilan.at(-1)).toEqual({ type: "redirect", to: "/wl/index" });
    const tianhe = decideGuard(at(`${OFFICIAL_INDEX_PATH}?appId=${TIANHE}&sign=s1&timestamp=1`));
    expect(tianhe.at(-1)).toEqual({ type: "redirect", to: `${BUSINESS_INDEX_PATH}?appId=${TIANHE}&sign=s1&timestamp=1` });
  });

  it("an ordinary user (no app id) stays on the index pages; other pages are not redirected", () => {
    expect(decideGuard(at(BUSINESS_INDEX_PATH, { token: "t" }))).toEqual([{ type: "loadMember" }]);
    expect(decideGuard(at("/hotel/list", { storedAppId: WEILAN, token: "t" }))).toEqual([{ type: "loadMember" }]);
    // An unknown app id has no home page.
    expect(decideGuard(at(BUSINESS_INDEX_PATH, { storedAppId: "NOPE", token: "t" }))).toEqual([{ type: "loadMember" }]);
  });
});

describe("/mismatch", () => {
  it("goes to the business index for a guest; a signed-in member stays", () => {
    expect(decideGuard(at("/mismatch"))).toEqual([{ type: "redirect", to: BUSINESS_INDEX_PATH }]);
    // A signed-in member stays and sees the mismatch page (the reading that serves them).
    expect(decideGuard(at("/mismatch", { token: "stored" }))).toEqual([{ type: "loadMember" }]);
  });

  it(`goes to the official index when the host contains the brand text '${BRAND_HOST_TEXT}'`, () => {
    expect(decideGuard(at("/mismatch", { host: "www.tianhe.example.com" }))).toEqual([{ type: "redirect", to: OFFICIAL_INDEX_PATH }]);
    expect(decideGuard(at("/mismatch", { host: "TIANHE.example.com:8080" }))).toEqual([{ type: "redirect", to: OFFICIAL_INDEX_PATH }]);
  });

  it("with ?token=… clears storage, stores that token and goes to the business index", () => {
    expect(decideGuard(at("/mismatch?token=abc123", { host: "tianhe.example.com", token: "old" }))).toEqual([
      { type: "clearStorage" },
      { type: "storeToken", token: "abc123" },
      { type: "loadMember" },
      { type: "redirect", to: BUSINESS_INDEX_PATH },
    ]);
  });
});

describe("route needing login", () => {
  it("without a token: the address is saved, the dialog opens, the old header and footer hide", () => {
    const input = at("/myCenter/self_info?tab=1");
    expect(input.routeNeedsAuth).toBe(true);
    expect(decideGuard(input)).toEqual([
      { type: "saveRedirect", address: "/myCenter/self_info?tab=1" },
      { type: "openLogin" },
      { type: "hideChrome" },
    ]);
  });

  it("with a token: nothing but loading member info", () => {
    expect(decideGuard(at("/myCenter/setting", { token: "t" }))).toEqual([{ type: "loadMember" }]);
  });

  it("public routes never open the dialog", () => {
    for (const path of ["/", "/view/index.shtml", "/view/login.shtml", "/agreement_frame/service_agreement", BUSINESS_INDEX_PATH]) {
      expect(types(decideGuard(at(path)))).not.toContain("openLogin");
    }
  });

  it("the saved address has the entry keys removed", () => {
    const actions = decideGuard(at(`/myCenter/setting?appId=${WEILAN}&sign=s1`, { storedSign: "s1" }));
    expect(actions).toContainEqual({ type: "saveRedirect", address: "/myCenter/setting" });
    expect(actions).toContainEqual({ type: "dropQueryKeys", keys: ["sign", "appId"], to: "/myCenter/setting" });
  });
});
