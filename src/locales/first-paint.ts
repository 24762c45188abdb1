// The top-level groups of the Chinese texts that the first paint of any page needs: the frame
// (header, footer, sub-nav), the index page, the page titles and what Refine and the request
// layer show on their own. Everything else (the pages' own texts) is fetched with the first page
// that is not the index page, or when the browser is idle. A text of the frame or the index page
// belongs to one of these groups.
export const FIRST_PAINT_GROUPS = [
  "common",
  "header",
  "footer",
  "index",
  "lang",
  "route",
  "menu",
  "documentTitle",
  "loading",
  "mismatch",
  "pages",
  "pageTitle",
  "notifications",
  "buttons",
  "actions",
  "table",
  "autoSave",
  "warnWhenUnsavedChanges",
] as const;
