// Wires the request layer's UI hooks (errors, tips dialogs, confirms, redirects) to antd and
// react-router. Render once inside FeedbackApp (antd's <App>) and the router.
import { useEffect } from "react";
import { useFeedback } from "../components/FeedbackApp";
import { useNavigate } from "react-router";
import { configureRequest } from "./request";
import { useTranslate } from "@refinedev/core";

/** Absolute URLs to another origin leave the app; everything else is a client-side route. */
function isExternal(url: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith("//")) return false;
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

function toRoute(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return url;
  const u = new URL(url, window.location.href);
  return u.pathname + u.search + u.hash;
}

export function RequestUiBridge(): null {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const t = useTranslate();

  useEffect(() => {
    configureRequest({
      ui: {
        error: (text, seconds) => void message.error({ content: text, duration: seconds }),
        warning: (text, seconds) => void message.warning({ content: text, duration: seconds }),
        dialog: (html, title) => {
          modal.info({
            title: title || t("common.tip"),
            // request.ts has already run the HTML through DOMPurify.
            content: <div dangerouslySetInnerHTML={{ __html: html }} />,
            okText: t("common.confirm"),
          });
        },
        confirm: (text, title, onOk) => {
          modal.confirm({
            title: title || t("common.tip"),
            content: text || t("common.confirmOperation"),
            okText: t("common.confirm"),
            cancelText: t("common.cancel"),
            onOk,
          });
        },
        navigate: (url) => {
          if (isExternal(url)) window.location.assign(url);
          else navigate(toRoute(url));
        },
        currentAddress: () => window.location.pathname + window.location.search,
      },
    });
  }, [message, modal, navigate, t]);

  return null;
}
