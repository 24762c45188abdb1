// dayjs, the date library of antd's pickers and of the pages' date texts, in the portal's
// language. Fetched with the texts beyond the first paint's (loadAllTexts), which every page but
// the index page waits for before it shows: the index page shows no dayjs date, so dayjs stays out
// of the first download.
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";

export function applyDayjsLocale(chinese: boolean): void {
  dayjs.locale(chinese ? "zh-cn" : "en");
}
