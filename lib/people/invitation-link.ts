import * as z from "zod";
import { Person } from "./person";

/**
 * Where an invited person chooses their password. The token rides in the URL's fragment,
 * which browsers never send, so no server, proxy or access log ever sees it; the welcome
 * page reads it and posts it to /auth/invitation.
 */
export function invitationUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin}/staff/welcome#invitation=${token}`;
}

/** A person with the link an admin just made for them: shown in this answer only. */
export const PersonWithInvitation = Person.extend({
  invitationUrl: z.string().meta({
    description:
      "The person's invitation (or password reset) link, shown this once: send it to them yourself. It works for 7 days, once; a newer link replaces it",
  }),
}).meta({ id: "PersonWithInvitation", description: "A staff account and its new invitation link" });
export type PersonWithInvitation = z.infer<typeof PersonWithInvitation>;
