import * as z from "zod";

/**
 * A passkey as stored: a WebAuthn credential of one person. Its public key and id are not
 * secrets (a browser is told the ids it may use); nothing here lets anyone sign in.
 */
export interface PasskeyRecord {
  /** Public and short (`pk_` and 16 hex): the console and events name the passkey by it. */
  id: string;
  personId: string;
  /** The authenticator's credential id, base64url; unique. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use; 0 for those that keep none. */
  counter: number;
  /** How the browser may reach the authenticator ("internal", "usb", "hybrid"...), as it told us. */
  transports: string[];
  /** "multiDevice": synced (a password manager's passkey); "singleDevice": bound to one authenticator. */
  deviceType: "singleDevice" | "multiDevice";
  backedUp: boolean;
  /** What the person called it, such as "Work laptop". */
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}

export const PasskeyName = z.string().trim().min(1, "must not be empty").max(60);

/** A passkey as its person sees it in the console: never the key or the credential id. */
export const Passkey = z
  .object({
    id: z.string(),
    name: z.string(),
    deviceType: z.enum(["singleDevice", "multiDevice"]),
    backedUp: z.boolean(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().optional(),
  })
  .meta({ description: "One of the signed-in person's passkeys" });
export type Passkey = z.infer<typeof Passkey>;

export function passkeyOf(record: PasskeyRecord): Passkey {
  const passkey: Passkey = {
    id: record.id,
    name: record.name,
    deviceType: record.deviceType,
    backedUp: record.backedUp,
    createdAt: record.createdAt,
  };
  if (record.lastUsedAt) passkey.lastUsedAt = record.lastUsedAt;
  return passkey;
}
