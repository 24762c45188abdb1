// The dialog both free changes after a 航变 share (a flight's and a train's): the days of the
// change window not yet past, the product's search for the chosen day, one row to pick, and the
// confirmation, which is the confirmation the choice asks for. A refused change stays in the
// dialog with the server's reason. Each product gives its search, its rows and its columns.
import { useState, type Key } from "react";
import { Alert, App, Empty, Modal, Segmented, Skeleton, Space, Table, Typography, type TableColumnsType } from "antd";
import { useCustomMutation, useTranslate } from "@refinedev/core";
import { CHANGE_WINDOW_DAYS, type DisruptionView } from "../../domain/disruptions";
import { addDays } from "../../domain/travel/dates";
import { formatChinaTime } from "../../domain/format";
import { useSearch } from "../search/useSearch";

export interface FreeChangeModalProps<Reply, Row> {
  disruption: DisruptionView;
  intro: string;
  /** The search for a day of the window, and the rows a traveller may pick from its reply. */
  searchUrl: string;
  searchParams: (date: string) => Record<string, unknown>;
  rowsOf: (reply: Reply | undefined, date: string) => Row[];
  rowKey: (row: Row) => string;
  columns: TableColumnsType<Row>;
  /** The change call and its body for the picked row's key. */
  changeUrl: string;
  changeValues: (key: string) => Record<string, unknown>;
  texts: { done: string; free: string; empty: string };
  tableTestId: string;
  onClose: () => void;
  onDone: () => void;
}

export function FreeChangeModal<Reply, Row extends object>(p: FreeChangeModalProps<Reply, Row>) {
  const t = useTranslate();
  const { message } = App.useApp();
  const { disruption } = p;
  // The window's days not yet past (China's date today).
  const [today] = useState(() => formatChinaTime(Date.now()).slice(0, 10));
  const days = Array.from({ length: CHANGE_WINDOW_DAYS.before + CHANGE_WINDOW_DAYS.after + 1 }, (_, i) => addDays(disruption.date, i - CHANGE_WINDOW_DAYS.before)).filter((d) => d >= today);
  const [date, setDate] = useState(days.find((d) => d >= disruption.date) ?? days[0]);
  const [picked, setPicked] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const { data, query } = useSearch<Reply>(p.searchUrl, date ? p.searchParams(date) : null);
  const rows = p.rowsOf(data, date);
  const { mutateAsync, mutation } = useCustomMutation();
  const submit = () =>
    mutateAsync({ url: p.changeUrl, method: "post", values: p.changeValues(picked), successNotification: false, errorNotification: false })
      .then(() => {
        message.success(p.texts.done);
        p.onDone();
      })
      .catch((e: { message?: string }) => setRefusal(e.message ?? t("disruption.change.failed")));

  return (
    <Modal
      open
      title={t("disruption.change.title")}
      okText={t("disruption.change.ok")}
      cancelText={t("disruption.notNow")}
      okButtonProps={{ disabled: !picked, loading: mutation.isPending }}
      onOk={() => void submit()}
      onCancel={p.onClose}
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        <Typography.Text type="secondary">{p.intro}</Typography.Text>
        <Segmented options={days} value={date} onChange={(d) => { setDate(String(d)); setPicked(""); }} data-testid="free-change-days" />
        {query.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : query.error ? (
          <Alert type="error" showIcon message={query.error.message} />
        ) : rows.length === 0 ? (
          <Empty description={p.texts.empty} />
        ) : (
          <Table<Row>
            rowKey={p.rowKey}
            size="small"
            columns={p.columns}
            dataSource={rows}
            pagination={false}
            scroll={{ y: 260 }}
            data-testid={p.tableTestId}
            rowSelection={{ type: "radio", selectedRowKeys: picked ? [picked] : [], onChange: (keys: Key[]) => setPicked(String(keys[0] ?? "")) }}
            onRow={(r) => ({ onClick: () => setPicked(p.rowKey(r)) })}
          />
        )}
        <Alert type="success" showIcon message={p.texts.free} data-testid="free-change-total" />
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Space>
    </Modal>
  );
}
