// Subordinate (/city/subordinate): the agent's subordinates with their order counts.
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { SubordinateHint, SubordinateTable } from "./subordinates";
import { useTranslate } from "@refinedev/core";

export default function SubordinatePage() {
  const t = useTranslate();
  return (
    <WorkbenchFrame routeName="Subordinate">
      <SubordinateHint text={t("network.subordinates.hint")} />
      <SubordinateTable />
    </WorkbenchFrame>
  );
}
