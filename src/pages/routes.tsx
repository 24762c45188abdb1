// Every route of the portal (spec §2 "Routes"), history mode. Add new routes above the catch-all;
// unknown paths end on /mismatch.
import { Navigate, Route, Routes } from "react-router";
import { IndexPage } from "./index/IndexPage";
import { MismatchPage } from "./errors/MismatchPage";

export const MISMATCH_PATH = "/mismatch";
export const INDEX_PATH = "/view/index.shtml";

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<IndexPage />} />
      <Route path={INDEX_PATH} element={<IndexPage />} />
      <Route path={MISMATCH_PATH} element={<MismatchPage />} />
      <Route path="*" element={<Navigate to={MISMATCH_PATH} replace />} />
    </Routes>
  );
}
