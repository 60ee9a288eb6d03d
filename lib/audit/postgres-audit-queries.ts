import "server-only";
import type pg from "pg";
import type { AuditQuery, PreviousAsk } from "@/lib/audit/audit-log";

/*
 * The audit's statements on the event log (migrations/1795910400187_index-events-for-audit.sql).
 * Each filter is written only when given, with `=` where one value is asked for, so the
 * planner walks one index backwards by sequence and stops at the page's end:
 * events_audit_actor for an actor, events_audit_resource for a resource, events_type_sequence
 * for a type. The expressions must stay exactly those of the indexes.
 */
export const ACTOR_TYPE = "(body->'actor'->>'type')";
/** '' for the actors without an id (operator, system): `= ''` keeps the index's order, `IS NULL` does not. */
export const ACTOR_ID = "COALESCE(body->'actor'->>'id', '')";
export const RESOURCE_PREFIX = "split_part(type, '.', 1)";
export const OBJECT_ID = "(body->'data'->'object'->>'id')";

/** One value or several: `=` keeps an index's order by sequence, `= ANY` may not. */
const oneOrAny = (column: string, values: readonly string[], param: (value: unknown) => string) =>
  values.length === 1 ? `${column} = ${param(values[0])}` : `${column} = ANY(${param(values)}::text[])`;

export function selectAuditPage({ beforeSequence, limit, actor, resource, types, since, until }: AuditQuery) {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where: string[] = [];
  if (beforeSequence !== undefined) where.push(`sequence < ${param(beforeSequence)}`);
  if (actor) {
    where.push(`${ACTOR_TYPE} = ${param(actor.type)}`);
    where.push(`${ACTOR_ID} = ${param("id" in actor ? actor.id : "")}`);
  }
  if (resource) {
    where.push(oneOrAny(RESOURCE_PREFIX, resource.prefixes, param));
    where.push(`${OBJECT_ID} = ${param(resource.id)}`);
  }
  if (types) where.push(oneOrAny("type", types, param));
  if (since !== undefined) where.push(`created_at >= ${param(since)}`);
  if (until !== undefined) where.push(`created_at < ${param(until)}`);
  const text = `SELECT sequence, body FROM events ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
                ORDER BY sequence DESC LIMIT ${param(limit)}`;
  return { text, values } satisfies pg.QueryConfig;
}

/** For each ask (by its place, from 1), the latest event of its resource below its sequence: one index probe each. */
export function selectPrevious(asks: readonly PreviousAsk[]): pg.QueryConfig {
  return {
    name: "audit_previous",
    text: `SELECT ask.place, previous.sequence, previous.body
           FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY AS ask(prefix, id, before, place)
           CROSS JOIN LATERAL (
             SELECT sequence, body FROM events
             WHERE ${RESOURCE_PREFIX} = ask.prefix AND ${OBJECT_ID} = ask.id AND sequence < ask.before
             ORDER BY sequence DESC LIMIT 1
           ) previous`,
    values: [asks.map((ask) => ask.prefix), asks.map((ask) => ask.id), asks.map((ask) => ask.beforeSequence)],
  };
}
