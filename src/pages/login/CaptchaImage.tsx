// The picture captcha, drawn by the server: the answer never reaches the browser. Clicking the
// picture asks for a new one.
import { Spin } from "antd";
import { useTranslate } from "@refinedev/core";

export const CAPTCHA_WIDTH = 112;
export const CAPTCHA_HEIGHT = 40;

/** What the server answers for a new captcha. */
export interface IssuedCaptcha {
  captchaId: string;
  svg: string;
  expiresIn: number;
}

export function CaptchaImage({ captcha, loading, onRefresh }: { captcha?: IssuedCaptcha; loading: boolean; onRefresh: () => void }) {
  const t = useTranslate();
  return (
    <button type="button" className="tp-captcha" aria-label={t("login.refreshCaptcha")} title={t("login.refreshCaptcha")} onClick={onRefresh} style={{ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}>
      {captcha && !loading ? (
        <img alt="" width={CAPTCHA_WIDTH} height={CAPTCHA_HEIGHT} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`} />
      ) : (
        <Spin size="small" />
      )}
    </button>
  );
}
