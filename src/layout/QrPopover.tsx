// The header's hover QR codes (app download and public account) and the phone list.
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { MobileOutlined, PhoneOutlined, WechatOutlined } from "@ant-design/icons";
import { phoneLabels, type QrCode } from "../access";
import type { Lang } from "../access";
import { HoverPopover } from "../components/HoverPopover";
import { whenIdle } from "../components/idle";

// Fetched when the browser is idle after the first paint, so a hover finds the picture ready;
// until then its place is kept blank at its size.
const loadQrCodeImage = () => import("./QrCodeImage");
const QrCodeImage = lazy(loadQrCodeImage);

/** QR values are absolute: a phone scanning a relative path would get nowhere. */
function absolute(url: string): string {
  if (/^[a-z]+:/i.test(url)) return url;
  const origin = typeof window !== "undefined" ? window.location.origin : "";
  return `${origin}${url}`;
}

export function QrPopover({ qr, label, kind, lang }: { qr: QrCode; label: string; kind: "app" | "public"; lang: Lang }) {
  useEffect(() => whenIdle(() => void loadQrCodeImage()), []);
  // A code nobody has set a target for is not shown: a code leading nowhere helps no one.
  if (!qr.url) return null;
  const content = (
    <div className="tp-qr">
      <Suspense fallback={<div style={{ width: 132, height: 132 }} aria-busy="true" />}>
        <QrCodeImage value={absolute(qr.url)} />
      </Suspense>
      <span className="tp-qr__text">{qr.text[lang]}</span>
    </div>
  );
  return (
    <HoverPopover content={content} placement="bottom" trigger={["hover", "focus"]}>
      <button type="button" className="tp-hlink tp-hlink--muted" aria-label={label}>
        {kind === "app" ? <MobileOutlined /> : <WechatOutlined />}
        <span className="tp-hlink__text">{label}</span>
      </button>
    </HoverPopover>
  );
}

/** The first phone inline as 客服电话; with several, hovering lists them all (专属电话1..n). */
export function PhoneList({ phones, lang }: { phones: string[]; lang: Lang }): ReactNode {
  const labelled = phoneLabels(phones, lang);
  if (!labelled.length) return null;
  const first = (
    <span className="tp-hphone" tabIndex={labelled.length > 1 ? 0 : undefined}>
      <span className="tp-hphone__label">
        <PhoneOutlined /> {labelled[0].label}
      </span>
      <strong>{labelled[0].phone}</strong>
    </span>
  );
  if (labelled.length === 1) return first;
  const list = (
    <dl className="tp-phones">
      {labelled.map((p) => [<dt key={`l${p.phone}`}>{p.label}</dt>, <dd key={`p${p.phone}`}>{p.phone}</dd>])}
    </dl>
  );
  return (
    <HoverPopover content={list} placement="bottom" trigger={["hover", "focus"]}>
      {first}
    </HoverPopover>
  );
}
