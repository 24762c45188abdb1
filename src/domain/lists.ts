// Rules shared by the paged lists' search forms and the server routes behind them.

/** A search keyword (name, mobile…) is at most this long, in the form and on the server. */
export const KEYWORD_MAX = 30;
