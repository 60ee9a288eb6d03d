import "server-only";
import * as z from "zod";
import { jsonResponse, apiRoute } from "@/lib/api/api-route";
import { ApiError } from "@/lib/api/api-error";
import { parseBody } from "@/lib/api/parse-body";
import { nowMs } from "@/lib/clock";
import { openedAnswer, requireSession } from "@/lib/people/auth-api";
import { refuseCrossOrigin } from "@/lib/people/site-origin";
import { passkeyOf, PasskeyName } from "./passkey";
import { CeremonyToken, RegistrationAnswer, SignInAnswer } from "./passkey-answers";
import { passkeyRemoved } from "./passkey-events";
import { PasskeyRefusal } from "./passkey-refusal";
import { signInWithPasskey } from "./passkey-sign-in";
import { ceremonyKey, getPasskeyStore, relyingPartyOf } from "./passkeys";
import { finishRegistration, startRegistration } from "./registration";
import { startSignIn } from "./sign-in";

/*
 * The console's passkeys, beside its password sign-in under /auth (../auth-api.ts): cookie
 * requests from the site's own pages, JSON Error bodies, never cached. A ceremony is two
 * requests: options (with a signed token) and the answer (with the token back).
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

const RegistrationBody = z.strictObject({ ceremony: CeremonyToken, answer: RegistrationAnswer, name: PasskeyName });
const SignInBody = z.strictObject({ ceremony: CeremonyToken, answer: SignInAnswer });

/** GET /auth/passkeys: the signed-in person's passkeys, oldest first. */
export const listOwnPasskeys = apiRoute({ auth: "public" }, async (request) => {
  const { person } = await requireSession(request);
  const store = await getPasskeyStore();
  return jsonResponse((await store.list(person.id)).map(passkeyOf), 200, NO_STORE);
});

/** POST /auth/passkeys/options: options for adding a passkey to the signed-in person's account. */
export const passkeyRegistrationOptions = apiRoute({ auth: "public" }, async (request) => {
  const { person } = await requireSession(request);
  const rp = relyingPartyOf(request);
  const [store, key] = await Promise.all([getPasskeyStore(), ceremonyKey()]);
  const existing = await store.list(person.id);
  const started = await startRegistration({ rp, person, existing, key, now: nowMs() });
  return jsonResponse(started, 200, NO_STORE);
});

/** POST /auth/passkeys: the authenticator's answer and the passkey's name; 201 and the passkey. */
export const addOwnPasskey = apiRoute({ auth: "public" }, async (request) => {
  const { person } = await requireSession(request);
  const rp = relyingPartyOf(request);
  const { ceremony, answer, name } = await parseBody(request, RegistrationBody, "passkey");
  const [store, key] = await Promise.all([getPasskeyStore(), ceremonyKey()]);
  try {
    const record = await finishRegistration({
      store,
      rp,
      personId: person.id,
      ceremony,
      answer,
      name,
      key,
      now: nowMs(),
    });
    return jsonResponse(passkeyOf(record), 201, NO_STORE);
  } catch (error) {
    if (error instanceof PasskeyRefusal) throw new ApiError(400, "invalid_passkey", `${error.message}.`);
    throw error;
  }
});

/** DELETE /auth/passkeys/{id}: removes one of the signed-in person's passkeys. */
export const removeOwnPasskey = apiRoute<{ params: Promise<{ passkeyId: string }> }>(
  { auth: "public" },
  async (request, context) => {
    const { person } = await requireSession(request);
    const { passkeyId } = await context.params;
    const store = await getPasskeyStore();
    const at = new Date(nowMs()).toISOString();
    const actor = { type: "person", id: person.id } as const;
    const removed = await store.remove(person.id, passkeyId, (passkey) => [passkeyRemoved(passkey, at, actor)]);
    if (!removed) throw new ApiError(404, "not_found", "You have no passkey with this id.");
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);

/** POST /auth/passkey-sign-in/options: options for signing in with a passkey; no e-mail asked. */
export const passkeySignInOptions = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const rp = relyingPartyOf(request);
  return jsonResponse(await startSignIn({ rp, key: await ceremonyKey(), now: nowMs() }), 200, NO_STORE);
});

/** POST /auth/passkey-sign-in: the authenticator's answer; signs in as a password does (the cookie, the bearer). */
export const signInWithPasskeyRoute = apiRoute({ auth: "public" }, async (request) => {
  refuseCrossOrigin(request);
  const { ceremony, answer } = await parseBody(request, SignInBody, "passkey sign-in");
  return openedAnswer(request, await signInWithPasskey(ceremony, answer, request));
});
