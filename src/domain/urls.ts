// Where the portal may navigate when a server reply says so (tips.url of a confirm): an http or
// https address, or a path of the portal itself. Never javascript:, data: or any other scheme,
// which would run in the portal's page.

// Control characters and blanks are refused outright: browsers drop some of them while parsing
// ("java\tscript:"), so a text holding them means something other than it shows.
const CONTROLS_OR_BLANKS = /[\u0000-\u0020\u007f-\u009f]/;

/** Whether `url` is safe to navigate to: http(s), or relative to the portal's own address. */
export function isSafeNavigation(url: unknown): url is string {
  if (typeof url !== "string" || url === "" || CONTROLS_OR_BLANKS.test(url)) return false;
  let resolved: URL;
  try {
    // Resolved the way a browser resolves it against an http(s) page: a relative path stays on
    // that page's scheme, an address with a scheme keeps its own.
    resolved = new URL(url, "https://portal.invalid/");
  } catch {
    return false;
  }
  return resolved.protocol === "https:" || resolved.protocol === "http:";
}
