// A booking page of a product the brand or partner site has switched off says so instead.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyResult } from "./SearchStatus";

export function ProductGate({ on, children }: { on: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return on ? <>{children}</> : <EmptyResult text={t("search.common.productOff")} />;
}
