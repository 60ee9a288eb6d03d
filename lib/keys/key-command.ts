import { parseArgs } from "node:util";
import { issueKey, KeyAdminError, revokeKey, rotateKey } from "./key-admin";
import type { KeyRecord, KeyStore } from "./key-store";
import { statusOf } from "./key-store";
import { parseScopes, SCOPES } from "./scopes";
import { expiryAfterDays, KEY_LIFETIME_MAX_DAYS, KeyLifetimeDays } from "./key-rules";

export const KEYS_HELP = `Usage: npm run keys -- <command> [options]

Issues and revokes API keys in the configured store (PETSTORE_DATABASE_URL, else the
files under PETSTORE_DATA_DIR). A running server sees a change within one second.

Commands:
  create --name <name> --scopes <s1,s2> [--expires <ISO time> | --expires-in <n>d]
         Issues a key and prints it once; only its hash is kept.
  list   Lists every key (id, name, scopes, expiry, state, issuer); never a secret.
  revoke <id>
         Refuses the key from now on.
  rotate <id>
         Issues a new key with the same name, scopes and expiry, then revokes the old one.
  --help Shows this text.

Scopes: ${SCOPES.join(", ")}.`;

export interface CommandResult {
  exitCode: number;
  out: string[];
  err: string[];
}

const ID = /^[0-9a-f]{12}$/;

/** Runs one key command against `store`; bad arguments are refused before anything changes. */
export async function runKeyCommand(argv: string[], store: () => KeyStore, now = new Date()): Promise<CommandResult> {
  const out: string[] = [];
  const usage = (message: string): CommandResult => ({
    exitCode: 2,
    out,
    err: [`keys: ${message}`, "Run `npm run keys -- --help` for usage."],
  });
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: "string" },
        scopes: { type: "string" },
        expires: { type: "string" },
        "expires-in": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === "help") return { exitCode: 0, out: [KEYS_HELP], err: [] };
  if (!command) return usage("name a command: create, list, revoke or rotate");

  const withStore = async (action: (keys: KeyStore) => Promise<void>): Promise<CommandResult> => {
    const keys = store();
    try {
      await action(keys);
      return { exitCode: 0, out, err: [] };
    } catch (error) {
      if (error instanceof KeyAdminError) return { exitCode: 1, out, err: [`keys: ${error.message}`] };
      throw error;
    } finally {
      await keys.close();
    }
  };

  switch (command) {
    case "create": {
      if (rest.length > 0) return usage(`create takes no positional arguments (got ${rest.length})`);
      if (!values.name) return usage("create needs --name");
      if (!values.scopes) return usage(`create needs --scopes (any of ${SCOPES.join(", ")})`);
      const scopes = parseScopes(values.scopes);
      if ("unknown" in scopes) {
        return usage(
          scopes.unknown.length > 0
            ? `unknown scope(s): ${scopes.unknown.join(", ")}; known: ${SCOPES.join(", ")}`
            : "--scopes is empty",
        );
      }
      const expiry = expiryOf(values.expires, values["expires-in"], now);
      if (typeof expiry === "string") return usage(expiry);
      return withStore(async (keys) => {
        const { key, record } = await issueKey(
          keys,
          { name: values.name!, scopes: scopes.scopes, expiresAt: expiry },
          now,
        );
        out.push(`Created key ${record.id} "${record.name}" (${record.scopes.join(", ")}).`);
        out.push("This is the only time the key is shown; store it now:");
        out.push(key);
      });
    }
    case "list":
      if (rest.length > 0 || values.name || values.scopes) return usage("list takes no arguments");
      return withStore(async (keys) => {
        const records = await keys.list();
        if (records.length === 0) out.push("No issued keys.");
        for (const record of records) out.push(describe(record, now));
      });
    case "revoke":
    case "rotate": {
      if (rest.length !== 1) return usage(`${command} takes one key id`);
      const id = rest[0]!;
      if (!ID.test(id)) return usage(`"${id.slice(0, 20)}" is not a key id (12 hex digits, as \`list\` shows)`);
      return withStore(async (keys) => {
        if (command === "revoke") {
          await revokeKey(keys, id, now);
          out.push(`Revoked key ${id}.`);
        } else {
          const { key, record } = await rotateKey(keys, id, now);
          out.push(`Rotated key ${id}: it is revoked; the new key ${record.id} is shown once:`);
          out.push(key);
        }
      });
    }
    default:
      return usage(`unknown command "${command.slice(0, 20)}"`);
  }
}

function expiryOf(at: string | undefined, within: string | undefined, now: Date): Date | undefined | string {
  if (at && within) return "give --expires or --expires-in, not both";
  if (within) {
    const days = KeyLifetimeDays.safeParse(Number(/^([0-9]{1,9})d$/.exec(within)?.[1]));
    if (!days.success) return `--expires-in must be a number of days from 1 to ${KEY_LIFETIME_MAX_DAYS}, such as 30d`;
    return expiryAfterDays(days.data, now);
  }
  if (at) {
    const time = Date.parse(at);
    if (!/^\d{4}-\d{2}-\d{2}/.test(at) || Number.isNaN(time)) return "--expires must be an ISO 8601 time";
    return new Date(time);
  }
  return undefined;
}

function describe(record: KeyRecord, now: Date): string {
  const status = statusOf(record, now.getTime());
  const state = status === "revoked" ? `revoked ${record.revokedAt}` : status;
  const expiry = record.expiresAt ? `expires ${record.expiresAt}` : "no expiry";
  const issuer = record.issuer.type === "person" ? `issued by ${record.issuer.id}` : `issued by ${record.issuer.type}`;
  return `${record.id}  ${record.name}  [${record.scopes.join(",")}]  ${expiry}  ${state}  ${issuer}`;
}
