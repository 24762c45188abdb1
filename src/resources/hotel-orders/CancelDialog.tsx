// 取消订单 on a hotel order: before the person confirms, the dialog shows what the cancel will do
// under the rate's cancellation policy — what was paid, the fee kept, the refund and until when
// cancelling is free — as the server computes it (the order's cancel quote, read afresh when the
// dialog opens, by the same rule the cancel applies). An unpaid order just gives its rooms back.
import { Alert, Button, Descriptions, Modal, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import type { HotelCancelQuote } from "../../domain/orders/hotel-types";
import { formatChinaTime } from "../../domain/format";
import { moneyText } from "../../domain/money";

const fen = (v: number) => moneyText(v);

interface Props {
  /** Reads the order again and answers its fresh quote (null: it can no longer be cancelled). */
  requote: () => Promise<HotelCancelQuote | null>;
  /** Cancels; resolves once the answer (either way) is handled. */
  onConfirm: () => Promise<void>;
  busy: boolean;
}

export function HotelCancelButton({ requote, onConfirm, busy }: Props) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [quote, setQuote] = useState<HotelCancelQuote | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);

  const start = () => {
    setOpen(true);
    setQuote(undefined);
    setProblem(null);
    requote().then(setQuote, (e: Error) => setProblem(e.message));
  };
  const confirm = async () => {
    await onConfirm();
    setOpen(false);
  };

  return (
    <>
      <Button danger onClick={start} loading={busy}>{t("hotelOrder.cancel")}</Button>
      <Modal
        open={open}
        title={t("hotelOrder.cancel")}
        okText={t("hotelOrder.cancelOk")}
        cancelText={t("hotelOrder.notNow")}
        okButtonProps={{ danger: true, disabled: !quote, loading: busy }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {problem ? (
          <Alert type="error" showIcon message={problem} />
        ) : quote === undefined ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : quote === null ? (
          <Alert type="warning" showIcon message={t("hotelOrder.quote.gone")} />
        ) : (
          <QuoteFacts quote={quote} />
        )}
      </Modal>
    </>
  );
}

function QuoteFacts({ quote }: { quote: HotelCancelQuote }) {
  const t = useTranslate();
  const until = quote.freeUntil ? formatChinaTime(quote.freeUntil) : null;
  const stillFree = quote.freeUntil !== null && quote.feeFen === 0;
  return (
    <div data-testid="cancel-quote">
      {quote.paidFen === 0 ? (
        <Typography.Paragraph>{t("hotelOrder.quote.unpaid")}</Typography.Paragraph>
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t("hotelOrder.quote.paid")}>{fen(quote.paidFen)}</Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.penalty")}>
            <Typography.Text type={quote.feeFen > 0 ? "danger" : undefined} data-testid="cancel-fee">{fen(quote.feeFen)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("hotelOrder.refundAmount")}>
            <Typography.Text strong data-testid="cancel-refund">{fen(quote.refundFen)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="cancel-free-until">
        {until === null ? t("hotelOrder.quote.neverFree") : stillFree ? t("hotelOrder.quote.freeUntil", { time: until }) : t("hotelOrder.quote.freeEnded", { time: until })}
      </Typography.Paragraph>
    </div>
  );
}
