// ExternalPersonnel (/personnel/externalPersonnel; /myCenter/external_passengers redirects here):
// the company's external travellers, for its main member (70) and its employees (7_0).
import { useState } from "react";
import { Button, Space } from "antd";
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { usePortalUser } from "../../layout/session";
import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { userKeyOf } from "../../providers/access-control";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { TravellerList } from "../passengers/TravellerList";
import { ExternalTravellerDrawer } from "./drawer";
import { useCan, useTranslate } from "@refinedev/core";

export default function ExternalTravellerListPage() {
  const t = useTranslate();
  // null: closed; 0: adding; else the id being edited.
  const [editing, setEditing] = useState<number | null>(null);
  const navigate = useNavigate();
  const user = usePortalUser();
  // The import page (menu item 40) has rules of its own (pnrImport); Refine caches the answer per user.
  const canImport = useCan({ resource: "import_external_passengers", action: "view", params: { user: userKeyOf(user) ?? "guest" } }).data?.can;
  return (
    <WorkbenchFrame
      routeName="ExternalPersonnel"
      extra={
        <Space>
          {canImport && <Button icon={<UploadOutlined />} onClick={() => navigate(pathFor("import_external_passengers"))}>{t("travellerImport.import")}</Button>}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>{t("externalPassengers.add")}</Button>
        </Space>
      }
    >
      <TravellerList resource="externalPassengers" showDefault={false} texts="externalPassengers" onEdit={(row) => setEditing(row.id)} />
      <ExternalTravellerDrawer id={editing} onClose={() => setEditing(null)} />
    </WorkbenchFrame>
  );
}
