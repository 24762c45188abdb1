// A price in yuan from integer fen, with the ¥ sign: '¥1,050' or '¥1,871.50'.
import { priceText, type Fen } from "../../domain/travel/money";

export function Price({ fen, from, className }: { fen: Fen | null; from?: boolean; className?: string }) {
  if (fen === null) return <span className={`tp-bk-price tp-bk-price--none ${className ?? ""}`}>--</span>;
  return (
    <span className={`tp-bk-price ${className ?? ""}`}>
      <small>¥</small>
      {priceText(fen)}
      {from && <em>起</em>}
    </span>
  );
}
