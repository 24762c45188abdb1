// 中文 / English toggle. Goes through Refine's i18n hooks so the whole app (antd, dayjs, Refine's
// own buttons) follows; the choice is remembered by the i18n provider.
import { useGetLocale, useSetLocale, useTranslate } from "@refinedev/core";
import { GlobalOutlined } from "@ant-design/icons";
import { LOCALES } from "../../providers/i18n-provider";
import "./index.css";

export function LanguageSwitch({ tone = "light" }: { tone?: "light" | "dark" }) {
  const t = useTranslate();
  const current = useGetLocale()();
  const setLocale = useSetLocale();
  return (
    <div className={`tp-lang tp-lang--${tone}`} role="group" aria-label={t("lang.switch")}>
      <GlobalOutlined className="tp-lang__icon" aria-hidden />
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={locale === current ? "tp-lang__item is-active" : "tp-lang__item"}
          aria-pressed={locale === current}
          onClick={() => setLocale(locale)}
        >
          {t(`lang.${locale}`)}
        </button>
      ))}
    </div>
  );
}
