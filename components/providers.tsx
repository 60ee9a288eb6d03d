"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { getQueryClient } from "@/lib/react-query/get-query-client";

export function Providers({ children }: { children: ReactNode }) {
  // Not useState: with no Suspense boundary above, React could discard state made
  // during a render that suspends; getQueryClient keeps one client per browser anyway.
  const queryClient = getQueryClient();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
