import { API_CACHE_CONTROL } from "@/lib/api/cache-control";
import { checkReadiness } from "@/lib/ops/check-readiness";

// Readiness: 200 only when this process has started, is not stopping, and its store (and
// database, when one is configured) answers; 503 otherwise, so a load balancer sends
// requests elsewhere. /healthz stays the liveness check.
export async function GET(): Promise<Response> {
  const { ready, reason } = await checkReadiness();
  return Response.json(ready ? { status: "ready" } : { status: "unavailable", reason }, {
    status: ready ? 200 : 503,
    headers: { "Cache-Control": API_CACHE_CONTROL },
  });
}

export const dynamic = "force-dynamic";
