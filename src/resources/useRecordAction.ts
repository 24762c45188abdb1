// A named action on one record (cancel an order, withdraw an application, confirm a statement):
// Refine's update with meta.updateAction, which the data provider posts to the action's own path
// with the record's id. Refine then reads the record and its lists again, whether the server took
// the action or refused it (a refusal usually means the record moved on meanwhile). The outcome
// is a short message; the returned promise always settles, so a confirmation dialog can close.
import { App } from "antd";
import { useUpdate, type BaseKey, type BaseRecord, type HttpError } from "@refinedev/core";

export function useRecordAction(resource: string) {
  const { message } = App.useApp();
  const { mutateAsync, mutation } = useUpdate<BaseRecord, HttpError>();
  const run = (id: BaseKey, action: string, done: string, values: Record<string, unknown> = {}): Promise<void> =>
    mutateAsync({
      resource,
      id,
      values,
      meta: { updateAction: action },
      // The server decides: nothing is shown as done before it answers.
      mutationMode: "pessimistic",
      successNotification: false,
      errorNotification: false,
    }).then(
      () => void message.success(done),
      (e: HttpError) => void message.error(e.message),
    );
  const variables = mutation.variables as { id?: BaseKey; meta?: { updateAction?: string } } | undefined;
  return {
    run,
    pending: mutation.isPending,
    /** The action under way on this record, if any (a list's row shows its own spinner). */
    runningOn: (id: BaseKey) => (mutation.isPending && variables?.id === id ? (variables.meta?.updateAction ?? null) : null),
  };
}
