import type { ReactNode } from "react";
import type { ApiOutline, OutlineField, OutlineOperation, OutlineSchema } from "@/lib/api/openapi/openapi-outline";
import { MarkdownInline, MarkdownText } from "./markdown-text";

const LINK = "font-medium text-teal-800 underline dark:text-teal-200";
const TABLE = "w-full table-fixed border-collapse text-left text-sm wrap-anywhere";
const CELL = "border-t border-stone-200 py-2 pr-3 align-top dark:border-stone-700";
const MUTED = "text-stone-600 dark:text-stone-400";

// Its ids start "outline-", so none collides with the ids Scalar's reference gives its sections.
const operationAnchor = (operationId: string) => `outline-${operationId}`;
const schemaAnchor = (name: string) => `outline-schema-${name}`;

/**
 * The OpenAPI document as plain, server-rendered HTML: what `/docs` shows at once and without
 * JavaScript, until the interactive reference (Scalar) has loaded and takes its place
 * (docs/decisions/149). It is the page's main landmark while it shows.
 */
export function ApiOutlineView({ outline }: { outline: ApiOutline }) {
  const schemaNames = new Set(outline.schemas.map((schema) => schema.name));
  const type = (text: string) => <TypeName text={text} schemaNames={schemaNames} />;
  return (
    <main aria-labelledby="api-outline-heading" className="max-w-3xl space-y-8 wrap-anywhere">
      <div className="space-y-3">
        <h2 id="api-outline-heading" className="text-2xl font-bold">
          {outline.title} <span className={`text-base font-normal ${MUTED}`}>version {outline.version}</span>
        </h2>
        <p className={MUTED}>
          An outline of every operation and schema. The interactive reference, where you can send requests, takes its
          place once its script has loaded (it needs JavaScript).
        </p>
        <MarkdownText text={outline.description} />
      </div>
      <nav aria-label="Operations">
        <ul className="space-y-2">
          {outline.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#outline-tag-${tag.name}`} className={LINK}>
                {tag.name}
              </a>
              <ul className="mt-1 space-y-1 pl-4">
                {tag.operations.map((operation) => (
                  <li key={operation.operationId}>
                    <a href={`#${operationAnchor(operation.operationId)}`} className={LINK}>
                      {operation.summary}
                    </a>{" "}
                    <code className={MUTED}>
                      {operation.method} {operation.path}
                    </code>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <a href="#outline-schemas" className={LINK}>
              Schemas
            </a>
          </li>
        </ul>
      </nav>
      {outline.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`outline-tag-${tag.name}`} className="space-y-6">
          <div>
            <h3 id={`outline-tag-${tag.name}`} className="text-xl font-bold">
              {tag.name}
            </h3>
            {tag.description && <p>{tag.description}</p>}
          </div>
          {tag.operations.map((operation) => (
            <Operation key={operation.operationId} operation={operation} server={outline.server} type={type} />
          ))}
        </section>
      ))}
      <section aria-labelledby="outline-schemas" className="space-y-6">
        <h3 id="outline-schemas" className="text-xl font-bold">
          Schemas
        </h3>
        {outline.schemas.map((schema) => (
          <Schema key={schema.name} schema={schema} type={type} />
        ))}
      </section>
    </main>
  );
}

type TypeOf = (text: string) => ReactNode;

function Operation({ operation, server, type }: { operation: OutlineOperation; server: string; type: TypeOf }) {
  const { operationId, method, path, summary, parameters, requestBody, responses } = operation;
  const facts = [
    operationId,
    operation.stability,
    operation.deprecated && "deprecated",
    operation.scopes.length ? `scope ${operation.scopes.join(", ")}` : "any valid key",
  ].filter(Boolean);
  return (
    <article
      id={operationAnchor(operationId)}
      aria-labelledby={`${operationAnchor(operationId)}-heading`}
      className="space-y-3"
    >
      <h4 id={`${operationAnchor(operationId)}-heading`} className="text-lg font-semibold">
        {summary}{" "}
        <code className="block text-base font-normal">
          {method} {server}
          {path}
        </code>
      </h4>
      <p className={MUTED}>{facts.join(" · ")}</p>
      {operation.description && <MarkdownText text={operation.description} />}
      {parameters.length > 0 && <Fields caption={`Parameters of ${operationId}`} fields={parameters} type={type} />}
      {requestBody && (
        <p>
          Request body: {type(requestBody.type)} <span className={MUTED}>({requestBody.mediaTypes.join(" or ")})</span>
        </p>
      )}
      <table className={TABLE}>
        <caption className="text-left font-semibold">Responses of {operationId}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-20 py-2 pr-3">
              Status
            </th>
            <th scope="col" className="py-2 pr-3">
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {responses.map((response) => (
            <tr key={response.status}>
              <th scope="row" className={CELL}>
                {response.status}
              </th>
              <td className={CELL}>
                <MarkdownInline text={response.description} />
                {response.type && <> {type(response.type)}</>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

function Schema({ schema, type }: { schema: OutlineSchema; type: TypeOf }) {
  return (
    <article aria-labelledby={schemaAnchor(schema.name)} className="space-y-2">
      <h4 id={schemaAnchor(schema.name)} className="text-lg font-semibold">
        {schema.name}
      </h4>
      <p>
        <span className={MUTED}>Type:</span> {schema.properties.length ? "object" : type(schema.type)}
      </p>
      {schema.description && <MarkdownText text={schema.description} />}
      {schema.properties.length > 0 && (
        <Fields caption={`Properties of ${schema.name}`} fields={schema.properties} type={type} />
      )}
    </article>
  );
}

function Fields({ caption, fields, type }: { caption: string; fields: OutlineField[]; type: TypeOf }) {
  return (
    <table className={TABLE}>
      <caption className="text-left font-semibold">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-1/3 py-2 pr-3">
            Name
          </th>
          <th scope="col" className="py-2 pr-3">
            Type and description
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={`${field.location} ${field.name}`}>
            <th scope="row" className={`${CELL} font-normal`}>
              <code className="font-semibold">{field.name}</code>
              <span className={`block text-xs ${MUTED}`}>
                {field.location === "body" ? "" : `${field.location}, `}
                {field.required ? "required" : "optional"}
              </span>
            </th>
            <td className={CELL}>
              <span className="block">{type(field.type)}</span>
              {field.description && <MarkdownInline text={field.description} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A type, with each schema it names linked to that schema. */
function TypeName({ text, schemaNames }: { text: string; schemaNames: Set<string> }) {
  const name = text.replace(/\[\]$/, "");
  if (!schemaNames.has(name)) return <code>{text}</code>;
  return (
    <a href={`#${schemaAnchor(name)}`} className={LINK}>
      <code>{text}</code>
    </a>
  );
}
