// 酒店 (/hotel/index): the hotel search box; searching opens the hotel list.
import { useNavigate } from "react-router";
import { pathFor } from "../../access/routes";
import { WorkbenchFrame } from "../../pages/layout/WorkbenchFrame";
import { HotelSearchBar } from "./HotelSearchBar";
import "../booking.css";

export default function HotelIndex({ routeName }: { routeName: string }) {
  const navigate = useNavigate();
  return (
    <WorkbenchFrame routeName={routeName}>
      <div className="tp-bk">
        <HotelSearchBar initial={{}} onSearch={(p) => navigate(pathFor("hotel_list", undefined, p))} />
      </div>
    </WorkbenchFrame>
  );
}
