// Refine's notifications shown with antd's App notification API. Written here rather than taken
// from @refinedev/antd: importing that package's entry pulls its whole barrel (tables, markdown,
// CSV import) into the first load. The portal has no undoable mutations, so "progress" is shown
// as a plain information notice.
import type { NotificationProvider } from "@refinedev/core";
import { useFeedback } from "../components/FeedbackApp";

export function useNotificationProvider(): NotificationProvider {
  const { notification } = useFeedback();
  return {
    open: ({ key, message, description, type }) => {
      notification.open({ key, message: description ?? message, description: description ? message : undefined, type: type === "progress" ? "info" : type });
    },
    close: (key) => notification.destroy(key),
  };
}
