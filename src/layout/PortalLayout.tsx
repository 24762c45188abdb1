// Wraps every route: header, page, footer. The old header and footer are hidden on the bare
// routes, on a page that needs a login when there is none (the guard's dialog shows
// instead), and on redirects, which render nothing of their own.
import { useEffect, useRef, type CSSProperties } from "react";
import { Outlet, useLocation } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { findRoute } from "../access/routes";
import { userKeyOf } from "../providers/access-control";
import { useSessionToken } from "../providers/use-session";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { usePortalUser, useSite } from "./session";
import "./layout.css";

/** Top bar 64px, plus the sub-nav (46px and its border) when signed in: the hero pads by this. */
const HEADER_HEIGHT = { guest: "64px", member: "111px" };

/** Refine caches access answers by resource only: a different user must not inherit them. */
function useForgetAccessOnUserChange(userKey: string | null): void {
  const queryClient = useQueryClient();
  const previous = useRef(userKey);
  useEffect(() => {
    if (previous.current === userKey) return;
    previous.current = userKey;
    void queryClient.invalidateQueries({ queryKey: ["access"] });
  }, [userKey, queryClient]);
}

export function PortalLayout() {
  const location = useLocation();
  const def = findRoute(location.pathname)?.def;
  const token = useSessionToken();
  const user = usePortalUser();
  const site = useSite(user);
  useForgetAccessOnUserChange(userKeyOf(user));

  const hidden = !def || def.chrome === "bare" || !!def.redirect || (def.auth && !token);
  const headerStyle = def?.headerStyle ?? "default";
  const vars = { "--tp-header-h": user ? HEADER_HEIGHT.member : HEADER_HEIGHT.guest } as CSSProperties;
  return (
    <div className={`tp-shell tp-shell--${headerStyle}`} style={vars}>
      {!hidden && <Header headerStyle={headerStyle} user={user} site={site} routeName={def?.name} />}
      <main className="tp-shell__main">
        <Outlet />
      </main>
      {!hidden && <Footer site={site} />}
    </div>
  );
}

export default PortalLayout;
