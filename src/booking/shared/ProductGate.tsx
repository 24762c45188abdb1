// A booking page of a product the brand or partner site has switched off says so instead.
import type { ReactNode } from "react";
import { EmptyResult } from "./SearchStatus";
import { useTranslate } from "@refinedev/core";

export function ProductGate({ on, children }: { on: boolean; children: ReactNode }) {
  const t = useTranslate();
  return on ? <>{children}</> : <EmptyResult text={t("search.common.productOff")} />;
}
