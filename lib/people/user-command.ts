import "server-only";
import { parseArgs } from "node:util";
import { actingAs } from "@/lib/events/actor";
import type { AccountStore } from "./account-store";
import { isPeopleRefusal } from "./people-errors";
import { addPerson, changePerson, erasePerson, NewPerson, OPERATOR_HOLDS, reinvite, setupToken } from "./people";
import type { PersonRecord } from "./person";
import { ROLES } from "./roles";

export const USERS_HELP = `Usage: npm run users -- <command> [options]

Manages staff accounts in the configured store (PETSTORE_DATABASE_URL, else the files under
PETSTORE_DATA_DIR; on the file store, stop the server first: it owns those files).

Commands:
  create --email <e-mail> --name <name> --role <${ROLES.join("|")}>
         Adds a person and prints their invitation link (works for 7 days).
  list   Lists every person (id, role, state, e-mail, name).
  invite --email <e-mail>
         Prints a new invitation link for the person (a password reset); the old link stops working.
  deactivate --email <e-mail>
         Deactivates the person and ends their sessions.
  activate --email <e-mail>
         Makes a deactivated person active again.
  erase --email <e-mail>
         Erases the person's e-mail, name and password (a request to be forgotten); the
         account stays, deactivated, so the activity record can still name its id.
  setup-link
         Prints the first admin's set-up link again, while no account exists.
  --help Shows this text.

Links start with PETSTORE_PUBLIC_URL, else http://localhost:<PORT>.`;

export interface CommandResult {
  exitCode: number;
  out: string[];
  err: string[];
}

/** Runs one users command as the operator; bad arguments are refused before anything changes. */
export async function runUserCommand(
  argv: string[],
  store: () => Promise<AccountStore>,
  siteOrigin: string,
): Promise<CommandResult> {
  const out: string[] = [];
  const fail = (message: string, exitCode = 2): CommandResult => ({
    exitCode,
    out,
    err: [`users: ${message}`, ...(exitCode === 2 ? ["Run `npm run users -- --help` for usage."] : [])],
  });
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === "help") return { exitCode: 0, out: [USERS_HELP], err: [] };
  if (!command) return fail("name a command: create, list, invite, deactivate, activate, erase or setup-link");
  if (rest.length > 0) return fail(`unexpected argument: ${rest[0]}`);
  const link = (token: string) => `${siteOrigin}/staff/welcome#invitation=${token}`;

  return actingAs({ type: "operator" }, async () => {
    try {
      switch (command) {
        case "create": {
          const input = NewPerson.safeParse({ email: values.email, name: values.name, role: values.role });
          if (!input.success)
            return fail(input.error.issues.map((issue) => `--${issue.path.join(".")} ${issue.message}`).join("; "));
          const { person, invitationToken } = await addPerson(input.data, OPERATOR_HOLDS);
          out.push(
            `Added ${person.id} (${person.role}). Send them this link (works for 7 days; shown once):`,
            "",
            `  ${link(invitationToken)}`,
          );
          return { exitCode: 0, out, err: [] };
        }
        case "list": {
          for (const person of await (await store()).listPeople()) out.push(describe(person));
          if (out.length === 0) out.push("No staff accounts yet: `npm run users -- setup-link`, or create one.");
          return { exitCode: 0, out, err: [] };
        }
        case "invite":
        case "deactivate":
        case "activate":
        case "erase": {
          if (!values.email) return fail("--email is required");
          const person = await (await store()).findPersonByEmail(values.email.trim().toLowerCase());
          if (!person) return fail(`no account has the e-mail ${values.email}`, 1);
          if (command === "erase") {
            const erased = await erasePerson(person.id, OPERATOR_HOLDS);
            out.push(`Erased the personal data of ${erased!.id}; its sessions are over.`);
          } else if (command === "invite") {
            const invited = await reinvite(person.id, OPERATOR_HOLDS);
            out.push(
              `New link for ${person.id} (works for 7 days; the old one no longer works):`,
              "",
              `  ${link(invited!.invitationToken)}`,
            );
          } else {
            const changed = await changePerson(person.id, { active: command === "activate" }, OPERATOR_HOLDS);
            out.push(describe(changed!));
          }
          return { exitCode: 0, out, err: [] };
        }
        case "setup-link": {
          if ((await (await store()).listPeople()).length > 0)
            return fail("accounts exist: an admin invites people in the console", 1);
          out.push(
            "Set-up link for the first admin (works until an account exists):",
            "",
            `  ${siteOrigin}/staff/welcome#setup=${await setupToken()}`,
          );
          return { exitCode: 0, out, err: [] };
        }
        default:
          return fail(`unknown command: ${command}`);
      }
    } catch (error) {
      if (isPeopleRefusal(error)) return fail(error.message, 1);
      throw error;
    }
  });
}

function describe(person: PersonRecord): string {
  const state = !person.active ? "deactivated" : person.passwordHash ? "active" : "invited";
  return [person.id, person.role.padEnd(9), state.padEnd(11), person.email, person.name].join("  ");
}
