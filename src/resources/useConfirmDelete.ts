// Deleting a row after a confirmation: Refine's useDelete removes it through the resource's
// delete path and refreshes the resource's lists; the dialog stays busy until the server answers
// and the outcome is a short message (a refusal says why, e.g. the row is still in use).
import { App } from "antd";
import { useDelete, type BaseKey, type HttpError } from "@refinedev/core";
import type { ReactNode } from "react";

export interface ConfirmDelete {
  id: BaseKey;
  title: ReactNode;
  content: ReactNode;
  okText: string;
  cancelText: string;
  /** Said once the row is gone. */
  deleted: string;
}

export function useConfirmDelete(resource: string) {
  const { modal, message } = App.useApp();
  const { mutate } = useDelete<Record<string, unknown>, HttpError>();
  return ({ id, title, content, okText, cancelText, deleted }: ConfirmDelete) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText,
      okButtonProps: { danger: true },
      onOk: () =>
        new Promise<void>((resolve) =>
          mutate(
            { resource, id, successNotification: false, errorNotification: false },
            {
              onSuccess: () => message.success(deleted),
              onError: (e) => message.error(e.message),
              onSettled: () => resolve(),
            },
          ),
        ),
    });
}
