import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileKeyStore } from "./file-key-store";
import { runKeyCommand } from "./key-command";

describe("npm run keys", () => {
  let dir: string;
  const run = (...argv: string[]) => runKeyCommand(argv, () => openFileKeyStore(dir));
  const stored = () => openFileKeyStore(dir).list();
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-keys-cli-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("creates a key, shows it once, and lists it without its secret", async () => {
    const created = await run("create", "--name", "shop", "--scopes", "pets:read,pets:write", "--expires-in", "7d");
    expect(created.exitCode).toBe(0);
    const key = created.out.at(-1)!;
    expect(key).toMatch(/^psk_/);
    const listed = await run("list");
    expect(listed.out.join("\n")).toContain("shop  [pets:read,pets:write]");
    expect(listed.out.join("\n")).toContain("issued by operator");
    expect(listed.out.join("\n")).not.toContain(key.slice(16));
  });

  it("revokes and rotates by id", async () => {
    await run("create", "--name", "shop", "--scopes", "pets:read");
    const id = (await stored())[0]!.id;
    const rotated = await run("rotate", id);
    expect(rotated.exitCode).toBe(0);
    const records = await stored();
    expect(records).toHaveLength(2);
    expect(records[0]!.revokedAt).toBeDefined();
    expect((await run("revoke", records[1]!.id)).out).toEqual([`Revoked key ${records[1]!.id}.`]);
    expect((await run("revoke", records[1]!.id)).exitCode).toBe(1);
  });

  it.each([
    [["create", "--name", "x", "--scopes", "pets:read,admin"], "unknown scope(s): admin"],
    [["create", "--scopes", "pets:read"], "create needs --name"],
    [["create", "--name", "x"], "create needs --scopes"],
    [["create", "--name", "x", "--scopes", "pets:read", "--expires-in", "soon"], "--expires-in must be"],
    [["create", "--name", "x", "--scopes", "pets:read", "--expires", "yesterday"], "--expires must be"],
    [["revoke"], "revoke takes one key id"],
    [["revoke", "psk_secret"], "is not a key id"],
    [["frobnicate"], 'unknown command "frobnicate"'],
    [["list", "--colour"], "Unknown option"],
    [[], "name a command"],
  ])("refuses %j with a specific message and changes nothing", async (argv, message) => {
    const result = await run(...argv);
    expect(result.exitCode).toBe(2);
    expect(result.err[0]).toContain(message);
    expect(fs.existsSync(path.join(dir, "api-keys.json"))).toBe(false);
  });

  it("refuses an expiry in the past without storing anything", async () => {
    const result = await run("create", "--name", "x", "--scopes", "pets:read", "--expires", "2001-01-01T00:00:00Z");
    expect(result).toMatchObject({ exitCode: 1, err: ["keys: the expiry must be in the future"] });
    expect(await stored()).toEqual([]);
  });

  it("prints help", async () => {
    const result = await run("--help");
    expect(result.exitCode).toBe(0);
    expect(result.out[0]).toContain("create --name <name> --scopes");
  });
});
