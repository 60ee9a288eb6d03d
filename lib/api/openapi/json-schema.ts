import * as z from "zod";

const COMPONENT = "#/components/schemas/";
type JsonSchema = Record<string, unknown>;

/**
 * Every schema registered with a `.meta({ id })`, as OpenAPI 3.1 components (JSON Schema
 * 2020-12), referencing one another by `#/components/schemas/<id>`.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => COMPONENT + id });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutRootKeywords(schema)]));
}

/** One schema (a parameter, a header), with registered sub-schemas as component refs. */
export function schemaOf(schema: z.ZodType): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: COMPONENT + id };
  const json = z.toJSONSchema(schema, { io: "output" }) as JsonSchema;
  delete json.$defs; // every $def is a registered schema, so it is already a component
  return JSON.parse(JSON.stringify(withoutRootKeywords(json)).replaceAll('"#/$defs/', `"${COMPONENT}`));
}

function withoutRootKeywords(schema: object): JsonSchema {
  const rest: JsonSchema = { ...(schema as JsonSchema) };
  delete rest.$schema;
  delete rest.$id;
  return rest;
}
