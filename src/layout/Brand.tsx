// The brand mark linking home, and the two addresses that open the login dialog.
import { Link } from "react-router";
import { Glyph } from "../pages/index/icons";
import { useTranslate } from "@refinedev/core";

export { LOGIN_PATH as LOGIN_URL, REGISTER_PATH as REGISTER_URL } from "../access/routes";

export function Brand({ tone = "light" }: { tone?: "light" | "dark" }) {
  const t = useTranslate();
  return (
    <Link to="/" className={`tp-brand tp-brand--${tone}`}>
      <span className="tp-brand__mark">
        <Glyph name="flight" size={20} style={{ transform: "rotate(45deg)" }} />
      </span>
      <span className="tp-brand__name">{t("common.brand")}</span>
    </Link>
  );
}
