import type { Metadata } from "next";

export const metadata: Metadata = { title: "API deprecations" };

// Migration notes that getPet's `Link: <…>; rel="deprecation"` points at (RFC 9745 §3).
// A fuller API reference at /docs will take this page in.
export default function DeprecationsPage() {
  return (
    <article className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">API deprecations</h1>
      <section id="get-pet" aria-labelledby="get-pet-heading" className="space-y-3">
        <h2 id="get-pet-heading" className="text-xl font-semibold">
          getPet: <code>GET /v1/pets/{"{petId}"}</code>
        </h2>
        <p>
          Deprecated since 21 November 2026, the first release of this API. It is removed on{" "}
          <strong>5 December 2030</strong>; until then it keeps working, and every answer says so with the{" "}
          <code>Deprecation</code>, <code>Sunset</code> and <code>Link</code> headers.
        </p>
        <p>
          Use <code>GET /v1/pets</code> instead, with the <code>status</code> filter (<code>available</code>,{" "}
          <code>pending</code> or <code>sold</code>) to narrow the list, and follow its{" "}
          <code>Link: rel=&quot;next&quot;</code> header page by page. The pets it answers have the same shape as
          getPet&apos;s.
        </p>
      </section>
    </article>
  );
}
