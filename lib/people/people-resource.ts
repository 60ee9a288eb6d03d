import * as z from "zod";
import { defineResource } from "@/lib/resources/define-resource";
import { Role } from "./role";
import { FailedSignIn, PasskeySummary, PersonField, PersonSummary, SessionSummary } from "./people-event-objects";

/**
 * Staff accounts, their sessions and passkeys (issue 25; docs/decisions/185 gave each person a
 * role of scopes, 188–190 the passkeys, sessions and /v1/people), declared once
 * (docs/decisions/282, 315). Their refusals are answered by lib/api/people-refusals.ts, not
 * here: some answers carry a header (`Retry-After`, `WWW-Authenticate`) a declaration cannot
 * say. Their operations: lib/api/people-api.ts and lib/people/auth-api.ts.
 */
export const peopleResource = defineResource({
  name: "people",
  decision: 185,
  tag: { name: "people", description: "Staff accounts: invite, change roles, deactivate (experimental)" },
  scopes: {
    "people:read": "list staff accounts",
    "people:write": "add staff accounts, change their roles, deactivate them",
  },
  eventReadScopes: { person: "people:read", session: "people:read", passkey: "people:read" },
  events: {
    "person.created": {
      object: PersonSummary,
      extra: {},
      summary: "A staff account was added",
    },
    "person.updated": {
      object: PersonSummary,
      extra: {
        changes: z.array(PersonField).optional().meta({
          description: "Which fields changed, never their values (absent on events recorded before issue 37)",
        }),
      },
      summary: "A staff account's name or e-mail changed (the event holds neither), or its password was set",
    },
    "person.role_changed": {
      object: PersonSummary,
      extra: { from: Role, to: Role },
      summary: "A staff account's role changed, `from` and `to`",
    },
    "person.deactivated": {
      object: PersonSummary,
      extra: {},
      summary: "A staff account was deactivated; its sessions ended with it",
    },
    "person.reactivated": {
      object: PersonSummary,
      extra: {},
      summary: "A deactivated staff account was made active again",
    },
    "session.signed_in": {
      object: SessionSummary,
      extra: {},
      summary: "A person signed in to the staff console",
    },
    "session.sign_in_failed": {
      object: FailedSignIn,
      extra: {},
      summary: "A sign-in was refused (the event never holds the e-mail or password tried)",
    },
    "session.signed_out": {
      object: SessionSummary,
      extra: {},
      summary: "A session ended: signed out, signed out everywhere, or ended by deactivation",
    },
    "passkey.added": {
      object: PasskeySummary,
      extra: {},
      summary: "A person added a passkey to their account",
    },
    "passkey.removed": {
      object: PasskeySummary,
      extra: {},
      summary: "A passkey was removed from an account",
    },
  },
  errorCodes: {
    invalid_credentials: {
      status: 401,
      description: "the e-mail and password do not match an active account (which of them is wrong is not said)",
      authOnly: true,
    },
    sign_in_busy: {
      status: 503,
      description: "too many sign-ins are being checked right now; retry after `Retry-After`",
      authOnly: true,
    },
    cross_origin: {
      status: 403,
      description: "a request made with the session cookie came from another site (its `Origin` is not this server's)",
      authOnly: true,
    },
    email_taken: { status: 409, description: "another staff account has this e-mail" },
    invalid_invitation: {
      status: 410,
      description: "the invitation or set-up link is unknown, used or expired; ask an admin for a new one",
      authOnly: true,
    },
    last_admin: {
      status: 409,
      description: "the change would leave no active admin; make someone else an admin first",
    },
    invalid_passkey: {
      status: 400,
      description:
        "the passkey being added did not verify, its request expired or was already answered, or it is registered already",
      authOnly: true,
    },
    passkeys_unavailable: {
      status: 400,
      description: "the site was opened by an IP address; passkeys need its host name",
      authOnly: true,
    },
  },
});
