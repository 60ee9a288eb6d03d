/**
 * What one owner (a declared resource, or the older registries) puts into the shared
 * registries, by name.
 */
export interface RegistryNames {
  owner: string;
  scopes?: readonly string[];
  eventTypes?: readonly string[];
  eventPrefixes?: readonly string[];
  errorCodes?: readonly string[];
  tags?: readonly string[];
  operations?: readonly string[];
}

/**
 * Every name two owners both declare, as `kind name: owner, owner`. The registries are merged
 * from the declarations (./registries.ts), where a second declaration of a name would silently
 * win; this is how ./registries.test.ts refuses one.
 */
export function clashesAmong(owners: readonly RegistryNames[]): string[] {
  const kinds = ["scopes", "eventTypes", "eventPrefixes", "errorCodes", "tags", "operations"] as const;
  const clashes: string[] = [];
  const seenNames = new Map<string, number>();
  for (const { owner } of owners) seenNames.set(owner, (seenNames.get(owner) ?? 0) + 1);
  for (const [owner, count] of seenNames) if (count > 1) clashes.push(`resource ${owner}: declared ${count} times`);
  for (const kind of kinds) {
    const ownersOf = new Map<string, string[]>();
    for (const names of owners) {
      for (const name of names[kind] ?? []) ownersOf.set(name, [...(ownersOf.get(name) ?? []), names.owner]);
    }
    for (const [name, by] of ownersOf) if (by.length > 1) clashes.push(`${kind} ${name}: ${by.join(", ")}`);
  }
  return clashes;
}
