// Passengers (/personnel/passengers; /myCenter/passengers redirects here): the member's frequent
// travellers, added and edited on the edit_passengers page.
import { useNavigate } from "react-router";
import { Button, Space } from "antd";
import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { pathFor } from "../../access/routes";
import { usePortalUser } from "../../pages/layout/session";
import { WorkbenchFrame, useAccess } from "../../pages/layout/WorkbenchFrame";
import { TravellerList } from "./TravellerList";
import { editPassengerPath } from "./index";
import { useTranslate } from "@refinedev/core";

export default function PassengerListPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const access = useAccess();
  const user = usePortalUser();
  // The import button (menu item 38) has rules of its own (pnrImport).
  const canImport = !!access?.canRoute(user, "import_passengers");
  return (
    <WorkbenchFrame
      routeName="Passengers"
      extra={
        <Space>
          {canImport && <Button icon={<UploadOutlined />} onClick={() => navigate(pathFor("import_passengers"))}>{t("travellerImport.import")}</Button>}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editPassengerPath())}>{t("passengers.add")}</Button>
        </Space>
      }
    >
      <TravellerList resource="passengers" showDefault texts="passengers" onEdit={(row) => navigate(editPassengerPath(row.id))} />
    </WorkbenchFrame>
  );
}
