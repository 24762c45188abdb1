// A price in yuan from integer fen, with the ¥ sign: '¥1,050' or '¥1,871.50'; 'from' marks the
// lowest of several ('¥1,050起').
import { useTranslate } from "@refinedev/core";
import { type Fen, priceText } from "../../domain/money";

export function Price({ fen, from, className }: { fen: Fen | null; from?: boolean; className?: string }) {
  const t = useTranslate();
  if (fen === null) return <span className={`tp-bk-price tp-bk-price--none ${className ?? ""}`}>--</span>;
  return (
    <span className={`tp-bk-price ${className ?? ""}`}>
      <small>¥</small>
      {priceText(fen)}
      {from && <em>{t("search.common.from")}</em>}
    </span>
  );
}
