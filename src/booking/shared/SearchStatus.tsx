// The states around a result list: a skeleton while the first answer loads, a Chinese error with
// a retry, an empty state only after the search answered with nothing, else the list.
import type { ReactNode } from "react";
import { Button, Empty, Result, Skeleton } from "antd";
import type { SearchQuery } from "../../components/search/useSearch";
import { useTranslate } from "@refinedev/core";

/** Network failures and timeouts are named by the page; business errors carry the server's words. */
export function errorText(error: unknown, fallback: string): string {
  const e = error as { kind?: string; message?: string } | null;
  if (!e || e.kind === "network" || e.kind === "timeout" || !e.message) return fallback;
  return e.message;
}

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="tp-bk-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="tp-bk-card">
          <Skeleton active title={false} paragraph={{ rows: 2, width: ["60%", "90%"] }} />
        </div>
      ))}
    </div>
  );
}

export function SearchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslate();
  return (
    <div className="tp-bk-card tp-bk-state" role="alert">
      <Result
        status="warning"
        title={t("search.common.loadFailed")}
        subTitle={errorText(error, t("search.common.networkError"))}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t("search.common.retry")}
          </Button>
        }
      />
    </div>
  );
}

export function EmptyResult({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="tp-bk-card tp-bk-state">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
        {children}
      </Empty>
    </div>
  );
}

interface StatusProps {
  query: SearchQuery;
  skeleton?: ReactNode;
  children: ReactNode;
}

/** Renders children once data is there; the skeleton or the error before that. */
export function SearchStatus({ query, skeleton, children }: StatusProps) {
  if (query.isError && !query.isFetching) return <SearchError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || (query.isFetching && query.isPlaceholderData)) return <>{skeleton ?? <ListSkeleton />}</>;
  return <>{children}</>;
}
