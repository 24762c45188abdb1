// The sub-nav's bar: the account type and, while the menus load, the loading note. The sub-nav
// fills it with its links; shown alone while the sub-nav's code arrives, at the same height, so
// the page below does not move. Its type label is a plain chip (layout.css), not antd's Tag, which
// would add some 4 KB to the first download of every page for one label.
import type { ReactNode } from "react";
import { useTranslate } from "@refinedev/core";

export function SubNavFrame({ typeLabel, loading, children }: { typeLabel: string; loading: boolean; children?: ReactNode }) {
  const t = useTranslate();
  return (
    <nav className="tp-subnav" aria-label={t("header.menu")}>
      <div className="tp-container">
        <span className="tp-chip tp-subnav__type">{typeLabel}</span>
        {loading && <span className="tp-subnav__loading">{t("loading")}</span>}
        {children}
      </div>
    </nav>
  );
}
