// The reply envelope of the API contract, shared by the server that
// writes it and the request layer that reads it.

/** A hint shown with any reply: toast (seconds), dialog (HTML allowed) or confirm (to url). */
export interface Tips {
  type: "toast" | "dialog" | "confirm";
  msg: string;
  title?: string;
  url?: string;
  /** Seconds, for toast. */
  duration?: number;
}

/** `ret` is a number from our server; other servers of the contract may send it as a string. */
export interface Envelope<T = unknown, R extends number | string = number | string> {
  ret: R;
  msg: string;
  data: T;
  tips?: Tips;
}
