import { describe, expect, it } from "vitest";
import { describeDatabase, redactPassword } from "./database-target";

describe("describeDatabase", () => {
  it("names host, port and database, never user or password", () => {
    const shown = describeDatabase("postgres://petstore:s3cr%40t@db.internal:6543/pets?sslmode=require");
    expect(shown).toBe("db.internal:6543/pets");
    expect(shown).not.toMatch(/s3cr|petstore@/);
  });

  it("fills in the default port and says when the string is not a URL", () => {
    expect(describeDatabase("postgresql://localhost/petstore")).toBe("localhost:5432/petstore");
    expect(describeDatabase("host=db password=hunter2")).toBe("(a connection string that is not a URL)");
  });
});

describe("redactPassword", () => {
  it("removes the password, raw or percent-encoded, from a message", () => {
    const url = "postgres://u:p%40ss@h/d";
    expect(redactPassword("auth failed for p@ss and p%40ss", url)).toBe("auth failed for *** and ***");
    expect(redactPassword("nothing to hide", "postgres://u@h/d")).toBe("nothing to hide");
  });
});
