// Liveness: the cheapest route the app serves. Tests wait on it; the API benchmark uses it
// as the floor that Next's own request pipeline costs.
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}

export const dynamic = "force-dynamic";
