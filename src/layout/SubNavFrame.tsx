// The sub-nav's bar: the account type and, while the menus load, the loading note. The sub-nav
// fills it with its links; shown alone while the sub-nav's code arrives, at the same height, so
// the page below does not move.
import type { ReactNode } from "react";
import { Tag } from "antd";
import { useTranslate } from "@refinedev/core";

export function SubNavFrame({ typeLabel, loading, children }: { typeLabel: string; loading: boolean; children?: ReactNode }) {
  const t = useTranslate();
  return (
    <nav className="tp-subnav" aria-label={t("header.menu")}>
      <div className="tp-container">
        <Tag className="tp-subnav__type">{typeLabel}</Tag>
        {loading && <span className="tp-subnav__loading">{t("loading")}</span>}
        {children}
      </div>
    </nav>
  );
}
