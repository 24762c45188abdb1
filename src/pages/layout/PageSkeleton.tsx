// What shows while a page's code arrives: a quiet placeholder of a page's height, so the footer
// does not jump up and back down.
import { Skeleton } from "antd";

export function PageSkeleton() {
  return (
    <div className="tp-page-skeleton" aria-busy="true" style={{ maxWidth: 1200, margin: "24px auto", padding: "0 24px", minHeight: "60vh" }}>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}
