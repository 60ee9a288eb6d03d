import baseline from "./openapi-baseline.json";

/**
 * A change to the served OpenAPI document that was meant: where (a JSON pointer into the
 * document), the value it has now (`undefined`: the member is gone) and why.
 */
interface IntendedChange {
  pointer: string;
  value: unknown;
  why: string;
}

/**
 * Every intended difference between the served document and ./openapi-baseline.json, the
 * document as it was served before the operations were declared once (issue 38), with the
 * API's later changes written into it by the commits that made them (the stays' events), so
 * each one's diff shows what it changed. Anything else that differs is a change nobody
 * meant: the document test fails on it.
 */
export const INTENDED_CHANGES: readonly IntendedChange[] = [
  {
    pointer: "/paths/~1me/get/security",
    value: [{ bearerAuth: [] }],
    why: "Every generated operation states its security requirement; getMe's, any valid key, was the document's default and is now also written out, as listCategories' always was.",
  },
  {
    pointer: "/components/schemas/ErrorCode/description",
    value: withLinesSwapped(baselineErrorCodes().description, "`idempotency_key_in_use`", "`idempotency_key_reused`"),
    why: "The codes' lines are written from the one registry of codes (docs/decisions/282), in the enum's order: idempotency_key_reused's line now comes before idempotency_key_in_use's, as the enum always had them.",
  },
];

function baselineErrorCodes(): { description: string } {
  return (baseline as unknown as { components: { schemas: { ErrorCode: { description: string } } } }).components.schemas
    .ErrorCode;
}

/** The text with the two lines that start with `- ${first}` and `- ${second}` in each other's places. */
function withLinesSwapped(text: string, first: string, second: string): string {
  const lines = text.split("\n");
  const a = lines.findIndex((line) => line.startsWith(`- ${first}`));
  const b = lines.findIndex((line) => line.startsWith(`- ${second}`));
  [lines[a], lines[b]] = [lines[b]!, lines[a]!];
  return lines.join("\n");
}

/** The document /v1/openapi.json should serve: the baseline with the intended changes made. */
export function expectedOpenApiDocument(): Record<string, unknown> {
  const document = structuredClone(baseline) as Record<string, unknown>;
  for (const change of INTENDED_CHANGES) setAt(document, change.pointer, change.value);
  return document;
}

function setAt(document: Record<string, unknown>, pointer: string, value: unknown): void {
  const keys = pointer
    .split("/")
    .slice(1)
    .map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
  const last = keys.pop()!;
  let parent = document as Record<string, unknown>;
  for (const key of keys) parent = parent[key] as Record<string, unknown>;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}
