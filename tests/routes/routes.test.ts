// The route table against spec §2: every route exists, lands where the spec says (redirect
// functions included), needs a login unless the spec says not, hides the old header and footer
// on exactly the spec's routes, and no two patterns overlap.
import { describe, expect, it } from "vitest";
import {
  BUSINESS_INDEX_PATH, INDEX_PATH, LOGIN_PATH, OFFICIAL_INDEX_PATH, REGISTER_PATH, ROUTES, findRoute, pathFor, resolveRedirect, routeByName, withQuery, type RouteDef,
} from "../../src/access/routes";
import { PERMISSION_TREE, ROUTE_ALIASES } from "../../src/access";
import { SPEC_ROUTES } from "./spec-routes";

const split = (address: string) => {
  const [pathname, search = ""] = address.split("?");
  return { pathname, search };
};

/** A concrete address for a pattern: every param filled. */
const sample = (def: RouteDef) => def.path.replace(/:(\w+)\??/g, "x1");

describe("spec §2 routes land where the spec says", () => {
  it.each(SPEC_ROUTES.map((r) => [r.path, r] as const))("%s", (_address, r) => {
    const { pathname, search } = split(r.path);
    const m = findRoute(pathname);
    expect(m, `no route for ${pathname}`).not.toBeNull();
    const target = resolveRedirect(pathname, search);
    if ("page" in r.landing) {
      expect(target).toBeNull();
      expect(m!.def.name).toBe(r.landing.page);
    } else {
      expect(target, `${r.path} should redirect`).not.toBeNull();
      expect(withQuery(target!.path, target!.query)).toBe(r.landing.to);
      if (r.landing.state) expect(target!.state).toEqual(r.landing.state);
      // The target is a page of the table, not another redirect.
      const landed = findRoute(target!.path);
      expect(landed?.def.redirect).toBeUndefined();
    }
    expect(m!.def.auth, "requireAuth").toBe(!r.open);
    expect(m!.def.chrome, "chrome").toBe(r.bare ? "bare" : "portal");
  });

  it("has no route the spec table does not list", () => {
    const hit = new Set(SPEC_ROUTES.map((r) => findRoute(split(r.path).pathname)?.def.name));
    expect(ROUTES.map((d) => d.name).filter((n) => !hit.has(n))).toEqual([]);
  });

  it("hides the old header and footer on exactly the spec's routes", () => {
    expect(ROUTES.filter((d) => d.chrome === "bare").map((d) => d.name).sort()).toEqual(
      ["GYBusinessGYIndex", "Login", "WLBusinessWLIndex", "Welcome", "mismatch", "partner_plan_index", "th_business_index", "th_official_index"].sort(),
    );
  });

  it("gives index and the activity page the transparent header, account/order/report/passenger pages the white one", () => {
    expect(ROUTES.filter((d) => d.headerStyle === "transparent").map((d) => d.name)).toEqual(["index", "index_shtml", "xilin_activity"]);
    for (const name of ["OrderLists", "TicketOrderDetails", "ReportDetailed", "Passengers", "AccountCenter", "self_info", "setting", "EnterpriseBill"]) {
      expect(routeByName(name)?.headerStyle, name).toBe("white");
    }
    expect(routeByName("DomesticAirTicketQuery")?.headerStyle).toBe("default");
  });
});

describe("the table", () => {
  it("has unique names and paths", () => {
    const names = ROUTES.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTES.map((d) => d.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("has no overlapping patterns: each route's own sample finds that route", () => {
    for (const def of ROUTES) expect(findRoute(sample(def))?.def.name, def.path).toBe(def.name);
  });

  it("names every route the permission tree links to", () => {
    const urls = PERMISSION_TREE.map((e) => e.permissionUrl).filter((u): u is string => !!u);
    const missing = [...new Set([...urls, ...Object.keys(ROUTE_ALIASES)])].filter((n) => !routeByName(n));
    expect(missing).toEqual([]);
  });

  it("names the spec's 'other names seen'", () => {
    const names = [
      "my_order_list_air", "my_order_list", "credit_member_list", "import_employees", "my_center_index", "travel_standard", "self_info",
      "setting", "address_list", "recommended", "subordinate", "my_wallet", "business_bill", "report_form_air", "report_form_train",
      "report_form_hotel", "passengers", "edit_passengers", "intl_flight_query_list", "my_order_detail", "hotel_order_detail",
      "travel_applycation_list", "agreement_frame", "DomesticAirTicketQuery",
    ];
    expect(names.filter((n) => !routeByName(n))).toEqual([]);
  });
});

describe("findRoute / pathFor", () => {
  it("matches case-insensitively, with a trailing slash, decoding params", () => {
    expect(findRoute("/MYCENTER/Order_List_Air")?.def.name).toBe("my_order_list_air");
    expect(findRoute("/order/list/")?.def.name).toBe("OrderLists");
    expect(findRoute("/pay/hotel/H%2001")?.params).toEqual({ orderNo: "H 01" });
    expect(findRoute("/intl/flight_query_list/OW")?.params).toEqual({ queryType: "OW", isFirst: undefined });
  });

  it("answers null for unknown paths and extra segments", () => {
    expect(findRoute("/no/such")).toBeNull();
    expect(findRoute("/order/list/extra")).toBeNull();
    expect(findRoute("/pay/order")).toBeNull(); // :orderId is required
  });

  it("gives the frame's own addresses from the table, none of them the unknown-route page", () => {
    expect({ INDEX_PATH, LOGIN_PATH, REGISTER_PATH, OFFICIAL_INDEX_PATH, BUSINESS_INDEX_PATH }).toEqual({
      INDEX_PATH: "/view/index.shtml",
      LOGIN_PATH: "/view/login.shtml",
      REGISTER_PATH: "/view/login.shtml?type=2",
      OFFICIAL_INDEX_PATH: "/th_official_index",
      BUSINESS_INDEX_PATH: "/th_business_index",
    });
  });

  it("builds addresses from names, params and query", () => {
    expect(pathFor("OrderLists", undefined, { type: "gp" })).toBe("/order/list?type=gp");
    expect(pathFor("TicketOrderDetails", { id: "9" })).toBe("/ticket/OrderDetails/9");
    expect(pathFor("TicketOrderDetails")).toBe("/ticket/OrderDetails");
    expect(pathFor("hotel_order_detail", { orderNo: "A/B" })).toBe("/hotel/myOrder/detail/A%2FB");
    expect(pathFor("pay_order")).toBe("/mismatch"); // required param missing
    expect(pathFor("NoSuchRoute")).toBe("/mismatch");
  });
});

describe("/myCenter/index picks the workbench that fits the user", () => {
  it.each([
    [{ memberType: 70, creditMemberId: 9 }, "/company/index"],
    [{ memberType: 10, creditMemberId: 9, creditEmployeeId: 72 }, "/travelCentral/index"],
    [{ memberType: 40 }, "/distribution/index"],
    [{ memberType: 10 }, "/personalCentral/index"],
    [{ memberType: 50 }, "/personalCentral/index"],
    [null, "/personalCentral/index"],
  ])("%j → %s", (subject, path) => {
    expect(resolveRedirect("/myCenter/index", "", subject)?.path).toBe(path);
  });
});
