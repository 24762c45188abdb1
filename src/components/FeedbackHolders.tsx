// antd's message, notification and modal hooks with their holders: the real APIs behind the
// stand-ins of FeedbackApp.tsx. Rendered inside ConfigProvider, so notices and dialogs follow the
// theme and language.
import { useEffect } from "react";
import { message, Modal, notification } from "antd";
import { provideFeedback } from "./feedback-store";

export default function FeedbackHolders() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    provideFeedback({ message: messageApi, notification: notificationApi, modal: modalApi });
    return () => provideFeedback(null);
  }, [messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
