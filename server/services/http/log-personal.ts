// No personal data in a log line. Whatever part of the server writes it (an access line's URL, an
// error's message quoting a driver's "Key (mobile_phone)=(…)", a field someone logs later), every
// line passes through maskPersonal before it is written: a mainland mobile number keeps its first
// 3 and last 4 digits (138****0010), an 18-character identity card number its first and last 4.
// Enough for an operator to tell two people apart in a trace, too little to call or impersonate.

// Not inside a longer run of digits (timestamps, amounts, ids); an optional 86 country prefix.
const MOBILE = /(?<!\d)(86)?(1[3-9]\d)(\d{4})(\d{4})(?!\d)/g;
const ID_CARD = /(?<![0-9A-Za-z])(\d{4})\d{10}(\d{3}[0-9Xx])(?![0-9A-Za-z])/g;

export function maskPersonal(text: string): string {
  return text.replace(ID_CARD, "$1**********$2").replace(MOBILE, (_m, cc: string | undefined, head: string, _mid: string, tail: string) => `${cc ?? ""}${head}****${tail}`);
}
