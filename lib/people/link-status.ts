import "server-only";
import { nowMs } from "@/lib/clock";
import { getAccountStore } from "./accounts";
import { setupToken } from "./people";
import { hashToken } from "./secrets";

/*
 * What the welcome page and the sign-in screen ask before showing a form
 * (docs/decisions/218): whether a link still works, and whether the first admin is still to
 * be made. The answers say no more than trying the link would, and change nothing.
 */

/** True while no account exists: the set-up link the server printed is what opens the console. */
export async function setupNeeded(): Promise<boolean> {
  return (await (await getAccountStore()).listPeople()).length === 0;
}

/** Whether an invitation (or reset) link, or the set-up link, would be taken now. */
export async function linkUsable(kind: "invitation" | "setup", token: string): Promise<boolean> {
  if (kind === "setup") return hashToken(token) === hashToken(await setupToken()) && (await setupNeeded());
  const person = await (await getAccountStore()).findPersonByInvitation(hashToken(token));
  return Boolean(person?.active && person.invitation && Date.parse(person.invitation.expiresAt) > nowMs());
}
