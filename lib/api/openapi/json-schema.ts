import * as z from "zod";

const COMPONENT = "#/components/schemas/";
type JsonSchema = Record<string, unknown>;

/**
 * Every schema registered with a `.meta({ id })`, as OpenAPI 3.1 components (JSON Schema
 * 2020-12), referencing one another by `#/components/schemas/<id>`.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  // zod's global registry is shared by every bundle in the process, and a schema module can be
  // loaded by more than one of them (the front server's bundle and Next's: one id, two schema
  // objects, which toJSONSchema refuses; the last one loaded holds the id). The registry's own
  // object for each id is the component; another copy met inside a schema is the same schema,
  // so it is written as a reference to that component, whichever bundle loaded last.
  const global = z.globalRegistry;
  const chosen = z.registry<z.core.GlobalMeta>();
  for (const [id, schema] of global._idmap) chosen.add(schema, { ...global.get(schema), id });
  const copyOf = (schema: z.core.$ZodType) => {
    const id = global.get(schema)?.id;
    return id !== undefined && global._idmap.get(id) !== schema ? id : undefined;
  };
  const metadata = Object.create(global) as typeof global;
  metadata.get = (schema) => {
    const meta = global.get(schema);
    if (!copyOf(schema)) return meta;
    const rest = { ...meta };
    delete rest.id;
    return rest;
  };
  const override = ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) => {
    const id = copyOf(zodSchema);
    if (id === undefined) return;
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    jsonSchema.$ref = COMPONENT + id;
  };
  const { schemas } = z.toJSONSchema(chosen, { uri: (id) => COMPONENT + id, metadata, override });
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
