// Passengers (/personnel/passengers; /myCenter/passengers redirects here): the member's frequent
// travellers, added and edited on the edit_passengers page.
import { useNavigate } from "react-router";
import { Button, Space } from "antd";
import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { pathFor } from "../../access/routes";
import { usePortalUser } from "../../layout/session";
import { userKeyOf } from "../../providers/access-control";
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { TravellerList } from "./TravellerList";
import { editPassengerPath } from "./index";
import { useCan, useTranslate } from "@refinedev/core";

export default function PassengerListPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const user = usePortalUser();
  // The import page (menu item 38) has rules of its own (pnrImport); Refine caches the answer per user.
  const canImport = useCan({ resource: "import_passengers", action: "view", params: { user: userKeyOf(user) ?? "guest" } }).data?.can;
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
