"use client";

import { useEffect, useRef } from "react";

/**
 * "Load more" that keeps keyboard focus: the button stays focusable while the page loads
 * (aria-disabled, not disabled, which would drop focus to the body), then focus moves to
 * the first new row's header cell once it renders. `count` is the number of rows shown.
 */
export function useLoadMoreFocus(
  count: number,
  query: { isFetchingNextPage: boolean; fetchNextPage: () => Promise<{ isError: boolean }> },
) {
  // Index of the first row of the page being loaded.
  const focusFrom = useRef<number | null>(null);
  const table = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusFrom.current === null || count <= focusFrom.current) return;
    table.current?.querySelectorAll("tbody tr")[focusFrom.current]?.querySelector<HTMLElement>("th")?.focus();
    focusFrom.current = null;
  }, [count]);

  async function loadMore() {
    if (query.isFetchingNextPage) return;
    focusFrom.current = count;
    const result = await query.fetchNextPage();
    if (result.isError) focusFrom.current = null;
  }

  return { table, loadMore };
}
