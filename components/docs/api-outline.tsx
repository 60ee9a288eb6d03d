import type { ApiOutline, OutlineOperation } from "@/lib/api/openapi/outline";

/**
 * The reference's outline, rendered on the server: readable at once, on any connection and
 * without JavaScript; Scalar's 1.3 MB reference loads only when the reader opens it
 * (ApiReference puts the outline away once the reference has drawn itself, decision 220).
 */
export function ApiOutlineView({ outline }: { outline: ApiOutline }) {
  return (
    // The page's main landmark until Scalar draws its own <main> and this outline goes.
    <main aria-labelledby="api-outline-heading" className="max-w-3xl space-y-6">
      <div className="space-y-1">
        <h2 id="api-outline-heading" className="text-2xl font-semibold tracking-tight">
          Operations at a glance
        </h2>
        <p className="text-stone-700 dark:text-stone-300">
          Paths are under <code>/v1</code>. The interactive reference, with examples and a place to try each operation,
          replaces this outline when you open it.
        </p>
      </div>
      {outline.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`outline-${tag.name}`} className="space-y-2">
          <h3 id={`outline-${tag.name}`} className="text-xl font-semibold capitalize">
            {tag.name}
          </h3>
          {tag.description && <p className="text-stone-700 dark:text-stone-300">{tag.description}</p>}
          <ul className="space-y-3">
            {tag.operations.map((operation) => (
              <OperationItem key={operation.id} operation={operation} />
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="outline-schemas" className="space-y-2">
        <h3 id="outline-schemas" className="text-xl font-semibold">
          Schemas
        </h3>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {outline.schemas.map((schema) => (
            <div key={schema.name} className="contents">
              <dt className="font-mono font-semibold">{schema.name}</dt>
              <dd className="break-words text-stone-700 dark:text-stone-300">
                {schema.properties.length > 0 ? schema.properties.join(", ") : "—"}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}

function OperationItem({ operation }: { operation: OutlineOperation }) {
  const notes = [operation.stability, operation.deprecated ? "deprecated" : undefined].filter(Boolean);
  return (
    <li className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
      <p className="break-words">
        <code className="font-semibold">{operation.method}</code> <code>{operation.path}</code>
      </p>
      <p>
        {operation.summary} <span className="text-stone-700 dark:text-stone-300">({operation.id}</span>
        {notes.length > 0 && <span className="text-stone-700 dark:text-stone-300">, {notes.join(", ")}</span>}
        <span className="text-stone-700 dark:text-stone-300">)</span>
      </p>
      {operation.scopes.length > 0 && (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Scope: <code>{operation.scopes.join(", ")}</code>
        </p>
      )}
      {operation.parameters.length > 0 && (
        <p className="break-words text-sm text-stone-700 dark:text-stone-300">
          Parameters:{" "}
          {operation.parameters.map((parameter, index) => (
            <span key={`${parameter.in}-${parameter.name}`}>
              {index > 0 && ", "}
              <code>{parameter.name}</code> ({parameter.in}
              {parameter.required ? ", required" : ""})
            </span>
          ))}
        </p>
      )}
    </li>
  );
}
