// A search call of the booking pages: Refine's useCustom over the catalogue path, silent (the page
// shows its own error with a retry), not refetched on focus, and kept while the next search of a
// typeahead loads so the list does not flicker.
import { useCustom, type HttpError } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";

export interface SearchOptions {
  method?: "post" | "get";
  /** Keep showing the last answer while a new one loads (typeaheads). */
  keepPrevious?: boolean;
}

/** `payload` null: nothing to search yet, so nothing is requested. */
export function useSearch<T>(url: string, payload: Record<string, unknown> | null, options: SearchOptions = {}) {
  const { query } = useCustom<Record<string, unknown>, HttpError>({
    url,
    method: options.method ?? "post",
    config: { payload: payload ?? {} },
    errorNotification: false,
    queryOptions: {
      enabled: payload !== null,
      retry: false,
      refetchOnWindowFocus: false,
      // Inventory changes as people book: a minute-old list is fine, an hour-old one is not.
      staleTime: 60_000,
      ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    },
  });
  // Not result.data: Refine fills it with {} until the first answer, which would read as a reply.
  return { data: query.data?.data as T | undefined, query };
}

export type SearchQuery = ReturnType<typeof useSearch>["query"];
