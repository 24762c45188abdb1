// The login dialog's code (four forms) is fetched the first time someone asks for the dialog,
// not with every page: most visits never open it. Once loaded it stays mounted.
import { lazy, Suspense, useState } from "react";
import { useLoginDialog } from "../../providers/login-dialog";
import { withTexts } from "../../providers/i18n-provider";

const LoginDialog = lazy(withTexts(() => import("./LoginDialog").then((m) => ({ default: m.LoginDialog }))));

export function LazyLoginDialog() {
  const { open } = useLoginDialog();
  const [requested, setRequested] = useState(false);
  if (open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}
