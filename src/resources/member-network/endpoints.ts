// The member network resources' catalogue paths, registered with the data provider when a page
// that reads them loads, and the network constants the browser reads (imported from here, so they
// travel in this one chunk). One catalogue path adds and updates a child company.
import { registerResourceEndpoints } from "../../providers/data-provider";
import { NETWORK_PATHS } from "../../domain/people/network-paths";

registerResourceEndpoints("subsidiaries", {
  list: NETWORK_PATHS.subsidiaryList,
  one: NETWORK_PATHS.subsidiaryDetail,
  create: NETWORK_PATHS.subsidiarySave,
  update: NETWORK_PATHS.subsidiarySave,
});
registerResourceEndpoints("recommended-members", { list: NETWORK_PATHS.recommendedList });
registerResourceEndpoints("subordinates", { list: NETWORK_PATHS.subordinateList });

export { BOOK_FOR_PARAM, NETWORK_PATHS } from "../../domain/people/network-paths";
