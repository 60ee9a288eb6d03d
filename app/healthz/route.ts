import { API_CACHE_CONTROL } from "@/lib/api/cache-control";

// Liveness: the cheapest route the app serves. Tests wait on it; the API benchmark uses it
// as the floor that Next's own request pipeline costs. Sent uncompressed like /v1 answers,
// so the benchmark compares like with like.
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": API_CACHE_CONTROL } });
}

export const dynamic = "force-dynamic";
