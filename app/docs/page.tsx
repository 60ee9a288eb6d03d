import type { Metadata } from "next";
import Link from "next/link";
import { ApiOutlineView } from "@/components/docs/api-outline";
import { ApiReference } from "@/components/docs/api-reference";
import { apiOutline } from "@/lib/api/openapi/outline";
import { GET_PET_MIGRATION_NOTES } from "@/lib/api/get-pet-deprecation";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  return (
    <div className="space-y-6">
      {/* A labelled region: the layout's wrapper is no <main> here, Scalar's is. */}
      <section aria-labelledby="api-reference-heading" className="max-w-3xl space-y-3">
        <h1 id="api-reference-heading" className="text-3xl font-bold tracking-tight">
          API reference
        </h1>
        <p>
          Every operation of the <code>/v1</code> API, rendered from its{" "}
          <a href="/v1/openapi.json" className="font-medium text-teal-800 underline dark:text-teal-200">
            OpenAPI document
          </a>
          . To try one, open the interactive reference, enter an API key under Authentication and choose{" "}
          <strong>Test Request</strong>: the request goes to this server. The key stays in this tab&apos;s memory and is
          gone when you close or reload it.
        </p>
        <p>
          getPet is deprecated: see its{" "}
          <Link href={GET_PET_MIGRATION_NOTES} className="font-medium text-teal-800 underline dark:text-teal-200">
            migration notes
          </Link>
          .
        </p>
      </section>
      <ApiReference outline={<ApiOutlineView outline={apiOutline()} />} />
    </div>
  );
}
