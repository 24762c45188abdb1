// Whether the signed-in operator's role holds an operator resource, answered by the same policy
// the server enforces (loaded lazily); a page hides what the server would refuse anyway.
import { useEffect, useState } from "react";
import { getAccess } from "../access/access-loader";
import { useOpsMe, useOpsToken } from "./session";

export function useCanOps(resource: string): boolean {
  const { me } = useOpsMe(useOpsToken());
  const [can, setCan] = useState(false);
  const role = me?.role ?? null;
  useEffect(() => {
    let live = true;
    void getAccess().then((a) => live && setCan(a.canOps(role, resource)));
    return () => {
      live = false;
    };
  }, [role, resource]);
  return can;
}
