const LINK = "font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200";

/** `statsLink`: the adopters' pages link the public statistics while PETSTORE_PUBLIC_STATS is on. */
export function SiteFooter({ statsLink = false }: { statsLink?: boolean }) {
  return (
    <footer className="mt-16 border-t border-stone-200 dark:border-stone-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-stone-700 sm:flex-row sm:justify-between sm:px-6 dark:text-stone-300">
        <p>
          Pet Store — every animal deserves a home.
          {statsLink ? (
            <>
              {" "}
              {/* A plain <a>: the adopters' pages load no client router (docs/decisions/107). */}
              <a href="/stats" className={LINK}>
                The shelter&rsquo;s numbers
              </a>
            </>
          ) : null}
        </p>
        <p>
          Developers: see the{" "}
          {/* A plain <a>, a full load: /docs has a Content-Security-Policy of its own (decision 103),
              which a client-side navigation would not bring. */}
          <a href="/docs" className={LINK}>
            API reference
          </a>{" "}
          or the {/* A plain <a>: it is a JSON document, not a page the client router can render. */}
          <a href="/v1/openapi.json" className={LINK}>
            OpenAPI document
          </a>
          .
        </p>
      </div>
    </footer>
  );
}
