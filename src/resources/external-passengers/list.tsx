// ExternalPersonnel (/personnel/externalPersonnel; /myCenter/external_passengers redirects here):
// the company's external travellers, for its main member (70) and its employees (7_0).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { TravellerList } from "../passengers/TravellerList";
import { ExternalTravellerDrawer } from "./drawer";

export default function ExternalTravellerListPage() {
  const { t } = useTranslation();
  // null: closed; 0: adding; else the id being edited.
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <WorkbenchFrame
      routeName="ExternalPersonnel"
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>{t("externalPassengers.add")}</Button>}
    >
      <TravellerList resource="externalPassengers" showDefault={false} texts="externalPassengers" onEdit={(row) => setEditing(row.id)} />
      <ExternalTravellerDrawer id={editing} onClose={() => setEditing(null)} />
    </WorkbenchFrame>
  );
}
