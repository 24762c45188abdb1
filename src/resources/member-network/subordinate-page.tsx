// Subordinate (/city/subordinate): the agent's subordinates with their order counts.
import { useTranslation } from "react-i18next";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { SubordinateHint, SubordinateTable } from "./subordinates";

export default function SubordinatePage() {
  const { t } = useTranslation();
  return (
    <WorkbenchFrame routeName="Subordinate">
      <SubordinateHint text={t("network.subordinates.hint")} />
      <SubordinateTable />
    </WorkbenchFrame>
  );
}
