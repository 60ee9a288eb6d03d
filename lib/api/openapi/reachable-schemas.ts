const COMPONENT = "#/components/schemas/";

/**
 * The component schemas the rest of the document reaches, by `$ref`, directly or through one
 * another. zod's registry holds every schema with an id that the process has loaded, which
 * depends on what else was imported (a module not yet served, a test's own schemas); the
 * document shows only what its operations and webhooks use (docs/decisions/244).
 */
export function reachableSchemas<Schema>(
  schemas: Record<string, Schema>,
  from: readonly unknown[],
): Record<string, Schema> {
  const kept = new Set<string>();
  const pending: unknown[] = [...from];
  while (pending.length > 0) {
    for (const id of refsIn(pending.pop())) {
      if (kept.has(id) || !(id in schemas)) continue;
      kept.add(id);
      pending.push(schemas[id]);
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([id]) => kept.has(id)));
}

/** The component ids `value` refers to, at any depth. */
function refsIn(value: unknown): string[] {
  const ids: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === "object" && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (key === "$ref" && typeof child === "string" && child.startsWith(COMPONENT))
          ids.push(child.slice(COMPONENT.length));
        else visit(child);
      }
    }
  };
  visit(value);
  return ids;
}
