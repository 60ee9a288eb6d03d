import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "@/tests/support/store/test-support";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { newTestSchema } from "./test-schema";

/**
 * The table refuses what the API's zod rules refuse, so a row written by a script, a
 * hand-typed INSERT or a future bug cannot break what clients are promised.
 */
describe("pets table constraints", () => {
  const target = newTestSchema();
  let client: pg.Client;
  beforeAll(async () => {
    await (await openPostgresStore({ ...target, logger: recordingLogger() })).close(); // migrates
    client = new pg.Client({ connectionString: target.connectionString, options: `-c search_path=${target.schema}` });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await target.drop();
  });

  const insert = (name: unknown, categoryId: unknown, status: unknown = "available") =>
    client.query("INSERT INTO pets (name, category_id, status) VALUES ($1, $2, $3) RETURNING id", [
      name,
      categoryId,
      status,
    ]);

  it.each([
    ["an empty name", "", 1],
    ["a name of 101 characters", "x".repeat(101), 1],
    ["a name with leading space", " Rex", 1],
    ["a name with a trailing no-break space", "Rex\u00a0", 1],
    ["a name with a newline", "Re\nx", 1],
    ["a name with a C1 control", "Re\u0085x", 1],
    ["category 0", "Rex", 0],
    ["category 2^53", "Rex", "9007199254740992"],
    ["an unknown status", "Rex", 1, "lost"],
  ])("refuse %s", async (_, name, categoryId, status = "available") => {
    await expect(insert(name, categoryId, status)).rejects.toMatchObject({ code: "23514" });
  });

  it("accept the edges the API accepts: 100 emoji, inner spaces, category 2^53-1", async () => {
    await expect(insert("🐶".repeat(100), 1)).resolves.toBeDefined();
    await expect(insert("Rex  the  dog", "9007199254740991", "sold")).resolves.toBeDefined();
  });

  it("refuse a supplied id unless the import asks to override, and ids above 2^53-1", async () => {
    await expect(
      client.query("INSERT INTO pets (id, name, category_id, status) VALUES (5, 'x', 1, 'sold')"),
    ).rejects.toMatchObject({ code: "428C9" });
    await expect(
      client.query(
        "INSERT INTO pets (id, name, category_id, status) OVERRIDING SYSTEM VALUE VALUES (9007199254740992, 'x', 1, 'sold')",
      ),
    ).rejects.toMatchObject({ code: "23514" });
  });
});
