/*
 * What a change changed: a resource's state as one event recorded it, against the state the
 * event before it (of the same resource) recorded. Generic over every type: fields are read
 * off the objects, nested objects (a pet's profile) field by field, lists and values whole.
 */

/** One field's change; `from` absent: it had no value (or the log holds no earlier state); `to` absent: it was removed. */
export interface FieldChange {
  field: string;
  from?: unknown;
  to?: unknown;
}

/** Fields that say which resource or when, not what it is: never listed as changes. */
const BOOKKEEPING = new Set(["id", "updatedAt"]);

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `before` undefined: every field of `after`, with no `from`. */
export function changesBetween(before: Json | undefined, after: Json): FieldChange[] {
  const changes: FieldChange[] = [];
  collect(before ?? {}, after, "", changes);
  return changes;
}

function collect(before: Json, after: Json, path: string, into: FieldChange[]): void {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const name of names) {
    if (path === "" && BOOKKEEPING.has(name)) continue;
    const field = path ? `${path}.${name}` : name;
    const from = before[name];
    const to = after[name];
    if (isRecord(from) && isRecord(to)) {
      collect(from, to, field, into);
      continue;
    }
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    if (isRecord(to) && from === undefined) {
      collect({}, to, field, into);
      continue;
    }
    into.push({ field, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) });
  }
}
