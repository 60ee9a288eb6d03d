import * as z from "zod";

/*
 * What a browser sends back from navigator.credentials.create() and .get(), as
 * @simplewebauthn/browser encodes it (base64url strings). Checked for shape and size before
 * the library reads it, so a malformed answer is a 400, never a 500. No `id` in their
 * metadata: a registered id would make them components of the /v1 OpenAPI document. Bounds: a credential id
 * is at most 1023 bytes (WebAuthn level 3); the rest are generous for any authenticator.
 */

const B64URL = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url")
    .min(1)
    .max(max);
const CREDENTIAL_ID = B64URL(1400);

const answerBase = {
  id: CREDENTIAL_ID,
  rawId: CREDENTIAL_ID,
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const RegistrationAnswer = z
  .object({
    ...answerBase,
    response: z.looseObject({
      clientDataJSON: B64URL(4096),
      attestationObject: B64URL(64 * 1024),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  })
  .meta({ description: "navigator.credentials.create()'s answer, as JSON" });
export type RegistrationAnswer = z.infer<typeof RegistrationAnswer>;

export const SignInAnswer = z
  .object({
    ...answerBase,
    response: z.looseObject({
      clientDataJSON: B64URL(4096),
      authenticatorData: B64URL(4096),
      signature: B64URL(1024),
      userHandle: z
        .string()
        .regex(/^[A-Za-z0-9_-]*$/)
        .max(128)
        .optional(),
    }),
  })
  .meta({ description: "navigator.credentials.get()'s answer, as JSON" });
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** A ceremony's signed token, as the options answer gave it. */
export const CeremonyToken = z.string().min(1).max(2100);
