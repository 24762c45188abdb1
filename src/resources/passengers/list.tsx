// Passengers (/personnel/passengers; /myCenter/passengers redirects here): the member's frequent
// travellers, added and edited on the edit_passengers page.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button, Space } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { TravellerList } from "./TravellerList";
import { editPassengerPath } from "./index";

export default function PassengerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <WorkbenchFrame
      routeName="Passengers"
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editPassengerPath())}>{t("passengers.add")}</Button>
        </Space>
      }
    >
      <TravellerList resource="passengers" showDefault texts="passengers" onEdit={(row) => navigate(editPassengerPath(row.id))} />
    </WorkbenchFrame>
  );
}
