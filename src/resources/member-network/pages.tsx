// The member network's pages in one chunk (one download name fewer for the first page to carry):
// they share the subordinate table and the endpoints.
export { default as RecommendedPage } from "./recommended";
export { default as SubordinatePage } from "./subordinate-page";
export { default as QuickOrderPage } from "./quick-order";
export { default as SubsidiaryListPage } from "../subsidiaries/list";
