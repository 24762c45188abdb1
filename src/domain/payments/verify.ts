// requestVerify: every pay request carries a hash of the member id, the outTradeNo and a fixed
// phrase, computed by the browser and recomputed by the server. It binds a pay call to the
// member the trade was created for; it is a tamper check, not a secret.
import MD5 from "crypto-js/md5";

export const REQUEST_VERIFY_PHRASE = "tripPortal#payVerify";

export function requestVerify(memberId: number, outTradeNo: string): string {
  return MD5(`${memberId}|${outTradeNo}|${REQUEST_VERIFY_PHRASE}`).toString();
}
