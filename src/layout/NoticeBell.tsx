// The header's bell: a signed-in member's unread message count, leading to the message centre.
// Its code loads after the header paints (a guest never downloads it).
import { lazy, Suspense } from "react";
import type { PortalUser } from "./session";
import { BELL_WIDTH } from "./bell-width";

const Bell = lazy(() => import("./NoticeBellBadge"));

export function NoticeBell({ user, dark }: { user: PortalUser | null; dark: boolean }) {
  if (!user) return null;
  return (
    <Suspense fallback={<span style={{ display: "inline-block", width: BELL_WIDTH, flex: "none" }} aria-hidden />}>
      <Bell dark={dark} />
    </Suspense>
  );
}
