// /view/login.shtml: the index page behind the login dialog, opened in login mode, or in
// register mode with ?type=2 (a referral link adds the referrer's mobile). Closing the dialog
// without signing in leaves for the index address.
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { IndexPage } from "../index/IndexPage";
import { usePageTitle } from "../usePageTitle";
import { HOME_PATH } from "../../providers/auth-provider";
import { closeLogin, requestLogin, useLoginDialog } from "../../providers/login-dialog";
import { getToken } from "../../providers/session-store";
import { useTranslate } from "@refinedev/core";

export default function LoginPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get("type");
  // A referral link (?type=2&refermobilephone=…, the register form's referrer field) fills in the
  // referrer; a malformed one is ignored.
  const referrer = params.get("refermobilephone")?.match(/^1\d{10}$/)?.[0] ?? null;
  const { open } = useLoginDialog();
  const wasOpen = useRef(false);

  useEffect(() => {
    // Signed in already: there is nothing to do here.
    if (getToken()) navigate(HOME_PATH, { replace: true });
    else requestLogin(type === "2" ? "register" : "login", type === "2" ? (referrer ?? undefined) : undefined);
  }, [type, referrer, navigate]);

  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && !getToken()) navigate(HOME_PATH, { replace: true });
  }, [open, navigate]);

  // Leaving the page by other means (back button) takes the dialog along.
  useEffect(() => () => closeLogin(), []);

  return (
    <>
      <IndexPage />
      <LoginTitle title={`${t("login.documentTitle")}${t("documentTitle.suffix")}`} />
    </>
  );
}

// After IndexPage, so the tab shows 会员登录 rather than the index page's title.
function LoginTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
