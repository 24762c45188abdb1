// An antd Popover whose code arrives after the first paint: until then the trigger renders alone,
// looking exactly the same. The popover's code (positioning, motion) is fetched when the browser
// is idle, or at once when the pointer or focus reaches a trigger first; a popover asked for that
// way opens as soon as it is there.
import { cloneElement, lazy, Suspense, useEffect, useState, type ReactElement } from "react";
import type { PopoverProps } from "antd";
import { whenIdle } from "./idle";

let loading: Promise<typeof import("antd/es/popover")> | null = null;
let loaded = false;
function loadPopover() {
  loading ??= import("antd/es/popover").then((m) => {
    loaded = true;
    return m;
  });
  return loading;
}
const Popover = lazy(loadPopover);

type Wanted = "no" | "yes" | "open";

interface HoverPopoverProps extends Pick<PopoverProps, "content" | "placement" | "trigger"> {
  /** One element that takes pointer and focus handlers (a button, a focusable span). */
  children: ReactElement<{ onMouseEnter?: () => void; onMouseLeave?: () => void; onFocus?: () => void }>;
}

export function HoverPopover({ children, ...props }: HoverPopoverProps) {
  const [wanted, setWanted] = useState<Wanted>(loaded ? "yes" : "no");
  useEffect(() => {
    if (wanted !== "no") return;
    return whenIdle(() => void loadPopover().then(() => setWanted((w) => (w === "no" ? "yes" : w))));
  }, [wanted]);
  // Until the popover itself is mounted, the trigger stands alone: a pointer that arrives then
  // (before the code is fetched, or while the fetched popover is still being put in place) asks
  // for it open, and leaving again takes the wish back, since the popover mounting under a
  // resting pointer would never see it enter.
  const standIn = cloneElement(children, {
    onMouseEnter: () => {
      void loadPopover();
      setWanted("open");
    },
    onFocus: () => {
      void loadPopover();
      setWanted("open");
    },
    onMouseLeave: () => setWanted((w) => (w === "open" ? "yes" : w)),
  });
  if (wanted === "no") return standIn;
  return (
    <Suspense fallback={standIn}>
      <Popover {...props} defaultOpen={wanted === "open"}>
        {children}
      </Popover>
    </Suspense>
  );
}
