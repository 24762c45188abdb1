// Submitting a booking whose price the server checks again, for every booking form (flights,
// 政府采购, international, hotels): a changed price is shown old against new and the booking goes
// on only when the buyer agrees (acceptPrice); a refusal's field errors land under their fields.
import { App } from "antd";
import { useCreate, useTranslate, type HttpError } from "@refinedev/core";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { applyRefusal, sessionEnded } from "../../components/FormField";
import type { BookingResource } from "../index";

/** What a booking route answers: the new order. */
export interface BookReply {
  id: number;
  orderNo: string;
  status: number;
}

interface PriceCheckedBookingOptions<V extends FieldValues, I> {
  /** The bookings resource of the product: Refine creates the order there. */
  resource: BookingResource;
  /** The locale group of the price-change dialog's texts (priceChangedTitle, continueBooking, notNow). */
  texts: "flightOrder" | "hotelOrder";
  /** What is sent for the form's input (the input itself unless some keys apply only to some members). */
  valuesOf: (input: I) => Record<string, unknown>;
  /** Where to go with the new order. */
  onBooked: (order: BookReply) => void;
  /** The price moved on the server: fetch it again so the panel shows the new one. */
  onStale: () => void;
  /** The form's fields for this input, under which a refusal's field errors are shown. */
  fieldsOf: (input: I) => readonly FieldPath<V>[];
  setError: UseFormSetError<V>;
  /** The form kept across a sign-in (useKeptForm): written as it is sent, removed once booked. */
  kept?: { keep: () => void; clear: () => void };
}

export function usePriceCheckedBooking<V extends FieldValues, I>({ resource, texts, valuesOf, onBooked, onStale, fieldsOf, setError, kept }: PriceCheckedBookingOptions<V, I>) {
  const t = useTranslate();
  const { modal, message } = App.useApp();
  const { mutate, mutation } = useCreate<BookReply>();

  const book = (input: I, acceptPrice = false) => {
    const values = { ...valuesOf(input), ...(acceptPrice ? { acceptPrice: 1 } : {}) };
    kept?.keep();
    mutate(
      // Nothing listed shows a booking resource: no list to refresh.
      { resource, values, successNotification: false, errorNotification: false, invalidates: [] },
      {
        onSuccess: ({ data }) => {
          kept?.clear();
          onBooked(data);
        },
        onError: (e: HttpError) => {
          // An expired session: the request layer said so and went to sign in; the form is kept.
          if (sessionEnded(e)) return;
          const data = (e as HttpError & { data?: { priceChanged?: boolean } }).data;
          if (data?.priceChanged) {
            onStale();
            modal.confirm({ title: t(`${texts}.priceChangedTitle`), content: e.message, okText: t(`${texts}.continueBooking`), cancelText: t(`${texts}.notNow`), onOk: () => book(input, true) });
            return;
          }
          const rest = applyRefusal<V>(e, fieldsOf(input), setError);
          message.error(rest ?? e.message);
        },
      },
    );
  };

  return { book, pending: mutation.isPending };
}
