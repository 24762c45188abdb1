// Recharging the wallet: /recharge/index in the account area, and the workbench's Recharge
// (/finance/recharge), the same form in either frame.
import { WorkbenchFrame } from "../../layout/WorkbenchFrame";
import { RechargeForm } from "./RechargeForm";

export default function RechargeIndexPage({ routeName }: { routeName: string }) {
  return (
    <WorkbenchFrame routeName={routeName}>
      <RechargeForm />
    </WorkbenchFrame>
  );
}
