// The picture captcha (spec §5): the 4-character code drawn on a canvas with noise, so it is read
// by eye rather than from the page text. Clicking asks for a new code.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export const CAPTCHA_WIDTH = 112;
export const CAPTCHA_HEIGHT = 40;

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const color = (min: number, max: number) => `rgb(${[0, 0, 0].map(() => Math.floor(rand(min, max))).join(",")})`;

function draw(canvas: HTMLCanvasElement, code: string): void {
  // jsdom and very old browsers have no 2D context: the image is then simply blank.
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext("2d");
  } catch {
    ctx = null;
  }
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = CAPTCHA_WIDTH * ratio;
  canvas.height = CAPTCHA_HEIGHT * ratio;
  ctx.scale(ratio, ratio);

  ctx.fillStyle = "#eef3fb";
  ctx.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  // Noise lines and dots under and over the text.
  for (let i = 0; i < 5; i++) {
    ctx.strokeStyle = color(120, 210);
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT));
    ctx.lineTo(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT));
    ctx.stroke();
  }
  const step = CAPTCHA_WIDTH / (code.length + 1);
  ctx.textBaseline = "middle";
  [...code].forEach((ch, i) => {
    ctx!.save();
    ctx!.font = `bold ${Math.floor(rand(22, 28))}px Georgia, 'Times New Roman', serif`;
    ctx!.fillStyle = color(20, 110);
    ctx!.translate(step * (i + 0.75), CAPTCHA_HEIGHT / 2 + rand(-3, 3));
    ctx!.rotate((rand(-25, 25) * Math.PI) / 180);
    ctx!.fillText(ch, 0, 0);
    ctx!.restore();
  });
  for (let i = 0; i < 30; i++) {
    ctx.fillStyle = color(100, 230);
    ctx.beginPath();
    ctx.arc(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT), 1, 0, 2 * Math.PI);
    ctx.fill();
  }
}

export function CaptchaImage({ code, onRefresh }: { code: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) draw(ref.current, code);
  }, [code]);

  return (
    <canvas
      ref={ref}
      className="tp-captcha"
      role="button"
      tabIndex={0}
      aria-label={t("login.refreshCaptcha")}
      title={t("login.refreshCaptcha")}
      style={{ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}
      onClick={onRefresh}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          onRefresh();
        }
      }}
    />
  );
}
