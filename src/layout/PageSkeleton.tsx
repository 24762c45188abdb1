// What shows while a page's code arrives: a quiet placeholder that fills the window below the
// header, so the footer stays out of sight instead of showing and then being pushed down.
import { Skeleton } from "antd";

export function PageSkeleton() {
  return (
    <div className="tp-page-skeleton" aria-busy="true" style={{ maxWidth: 1200, margin: "24px auto", padding: "0 24px", minHeight: "100vh" }}>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}
