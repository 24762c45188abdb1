// QuickOrder (/city/quickOrder): the agent picks a subordinate and books a flight for them. The
// flight search opens with the member in its address; the order form names them and books the
// order with them as its traveller member.
import { bookForSearchPath } from "../../access/order-paths";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { LinkButton } from "../../components/LinkButton";
import { SubordinateHint, SubordinateTable } from "./subordinates";
import { useTranslate } from "@refinedev/core";

export default function QuickOrderPage() {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName="QuickOrder">
      <SubordinateHint text={t("network.quickOrder.hint")} />
      <SubordinateTable
        action={(row) => (
          <LinkButton type="link" size="small" to={bookForSearchPath(row.id)} aria-label={`${t("network.quickOrder.bookFlight")} ${row.realName ?? ""}`}>
            {t("network.quickOrder.bookFlight")}
          </LinkButton>
        )}
      />
    </WorkbenchFrame>
  );
}
