// MD5 of a string's UTF-8 bytes as lower-case hex. The button keys are MD5 hashes of permission
// ids and the check runs in the first download, so it uses js-md5's lite build (about 2.7 KB
// gzip, where crypto-js's is several times that). A key format only, not security.
import { md5 } from "js-md5/build/md5-lite.mjs";

export function md5Hex(text: string): string {
  return md5(text);
}
