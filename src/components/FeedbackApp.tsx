// antd's <App> without its weight in the first download. Pages keep calling
// `App.useApp()` for message, notification and modal; what they get are stand-ins that hand each
// call to antd's real ones. Those (notices, dialogs) are fetched when the browser is idle after
// the first paint, or at once by the first call, which is then shown as soon as they are there.
// The wrapper element carries antd's own App class and style, so text looks as under <App>.
import { lazy, Suspense, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { ConfigProvider } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import type { NotificationInstance } from "antd/es/notification/interface";
import type { HookAPI as ModalApi } from "antd/es/modal/useModal";
import AppContext from "antd/es/app/context";
import useAppStyle from "antd/es/app/style";
import { whenIdle } from "./idle";
import { feedbackApis, holdersWantedNow, subscribeHolders, wantHolders, whenReady, type FeedbackApis } from "./feedback-store";

export type { FeedbackApis };

type MessageMethod = "open" | "success" | "error" | "info" | "warning" | "loading";
function messageCall<K extends MessageMethod>(name: K): MessageInstance[K] {
  return ((...args: unknown[]) => {
    const apis = feedbackApis();
    if (apis) return (apis.message[name] as (...a: unknown[]) => unknown)(...args);
    // A closable, awaitable handle, as antd's is: closing before the notice exists cancels it.
    let close: (() => void) | null = null;
    let cancelled = false;
    const done = new Promise<boolean>((resolve) =>
      whenReady((a) => {
        if (cancelled) return resolve(true);
        const handle = (a.message[name] as (...x: unknown[]) => (() => void) & PromiseLike<boolean>)(...args);
        close = handle;
        handle.then(resolve);
      }),
    );
    const handle = () => {
      cancelled = true;
      close?.();
    };
    return Object.assign(handle, { then: done.then.bind(done) });
  }) as MessageInstance[K];
}

type NotificationMethod = "open" | "success" | "error" | "info" | "warning";
function notificationCall<K extends NotificationMethod>(name: K): NotificationInstance[K] {
  return ((...args: unknown[]) => whenReady((a) => (a.notification[name] as (...x: unknown[]) => void)(...args))) as NotificationInstance[K];
}

type ModalMethod = "info" | "success" | "error" | "warning" | "confirm";
function modalCall<K extends ModalMethod>(name: K): ModalApi[K] {
  return ((...args: unknown[]) => {
    const apis = feedbackApis();
    if (apis) return (apis.modal[name] as (...a: unknown[]) => unknown)(...args);
    type Instance = { destroy: () => void; update: (c: unknown) => void; then: PromiseLike<boolean>["then"] };
    let instance: Instance | null = null;
    let destroyed = false;
    const updates: unknown[] = [];
    const done = new Promise<boolean>((resolve) =>
      whenReady((a) => {
        if (destroyed) return resolve(false);
        instance = (a.modal[name] as (...x: unknown[]) => Instance)(...args);
        for (const u of updates) instance.update(u);
        instance.then(resolve);
      }),
    );
    return {
      destroy: () => {
        destroyed = true;
        instance?.destroy();
      },
      update: (config: unknown) => (instance ? instance.update(config) : updates.push(config)),
      then: done.then.bind(done),
    };
  }) as ModalApi[K];
}

const standIns: FeedbackApis = {
  message: {
    open: messageCall("open"),
    success: messageCall("success"),
    error: messageCall("error"),
    info: messageCall("info"),
    warning: messageCall("warning"),
    loading: messageCall("loading"),
    destroy: (key) => whenReady((a) => a.message.destroy(key)),
  },
  notification: {
    open: notificationCall("open"),
    success: notificationCall("success"),
    error: notificationCall("error"),
    info: notificationCall("info"),
    warning: notificationCall("warning"),
    destroy: (key) => whenReady((a) => a.notification.destroy(key)),
  },
  modal: {
    info: modalCall("info"),
    success: modalCall("success"),
    error: modalCall("error"),
    warning: modalCall("warning"),
    confirm: modalCall("confirm"),
  },
};

const FeedbackHolders = lazy(() => import("./FeedbackHolders"));

export function FeedbackApp({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls("app");
  const [wrapCSSVar, hashId, cssVarCls] = useAppStyle(prefixCls);
  // Asked for by the first call that needs them (even before this mounted) or when idle.
  const holders = useSyncExternalStore(subscribeHolders, holdersWantedNow, holdersWantedNow);
  useEffect(() => whenIdle(wantHolders), []);
  const className = [hashId, prefixCls, cssVarCls].filter(Boolean).join(" ");
  return wrapCSSVar(
    <AppContext.Provider value={standIns}>
      <div className={className}>
        {holders && (
          <Suspense fallback={null}>
            <FeedbackHolders />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>,
  );
}

/** The same as antd's `App.useApp()`, without importing antd's App (and its notice code). */
export function useFeedback(): FeedbackApis {
  return useContext(AppContext) as FeedbackApis;
}
