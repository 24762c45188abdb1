// The top-level groups of the Chinese texts that the first paint of any page needs: the frame
// (header, footer, sub-nav), the index page and what Refine and the request
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
  "notifications",
  "buttons",
  "actions",
  "table",
  "autoSave",
  "warnWhenUnsavedChanges",
] as const;

// Single texts of other groups the index page shows at once: its search box's bars (the rest of
// those groups comes with the pages that show them). A dotted path names a text or a subgroup.
export const FIRST_PAINT_KEYS = [
  "search.common.search",
  "search.common.swap",
  "search.common.noPlace",
  "search.common.loadFailed",
  "search.common.weekday",
  "search.common.dayMark",
  "search.common.today",
  "search.common.prevMonth",
  "search.common.nextMonth",
  "search.flight.oneWay",
  "search.flight.roundTrip",
  "search.flight.from",
  "search.flight.to",
  "search.flight.cityPlaceholder",
  "search.flight.depDate",
  "search.flight.retDate",
  "search.flight.pickCities",
  "search.flight.cabinClass",
  "search.flight.anyCabin",
  "search.cabin",
  "search.passengers",
  "search.train.from",
  "search.train.to",
  "search.train.placeholder",
  "search.train.depDate",
  "search.train.start",
  "search.train.highSpeedOnly",
  "search.hotel.city",
  "search.hotel.cityPlaceholder",
  "search.hotel.checkIn",
  "search.hotel.checkOut",
  "search.hotel.nights",
  "search.hotel.keyword",
  "search.hotel.keywordPlaceholder",
  "search.hotel.start",
] as const;
