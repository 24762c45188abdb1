// The header's bell: a signed-in member's unread message count, leading to the message centre.
// Its code loads after the header paints (a guest never downloads it).
import { lazy, Suspense } from "react";
import type { PortalUser } from "./session";

const Bell = lazy(() => import("./NoticeBellBadge"));

export function NoticeBell({ user, dark }: { user: PortalUser | null; dark: boolean }) {
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <Bell dark={dark} />
    </Suspense>
  );
}
