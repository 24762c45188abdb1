// Passwords travel as the lowercase hex MD5 of what the user typed. Kept apart from the form
// schemas so the sign-in code does not pull the validation library into every page's first load.
import MD5 from "crypto-js/md5";

export function passwordDigest(plain: string): string {
  return MD5(plain).toString();
}
