// Upper bound of any travel-policy amount (a price cap, a budget, an auto-approval ceiling):
// 10 million yuan, in fen.
export const POLICY_MAX_FEN = 1_000_000_000;
