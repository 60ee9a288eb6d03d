import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/*
 * A passkey authenticator in software, for tests: it answers registration and sign-in
 * options as a browser with a platform authenticator would (attestation "none", ES256, user
 * present and verified), and lets a test bend the answer (another origin, a lower counter,
 * no user verification, a forged signature).
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, backup eligible and state, attested data. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

export interface Bend {
  origin?: string;
  rpId?: string;
  counter?: number;
  userVerified?: boolean;
  type?: string;
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** Answers navigator.credentials.create()'s options (their JSON form). */
  register(options: { challenge: string; user: { id: string } }, bend: Bend = {}) {
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: "jwk" });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, isoCBOR.encode(coseKey)]);
    const authData = Buffer.concat([this.authData(bend, AT), attested]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    const id = b64url(this.credentialId);
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge, bend),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** Answers navigator.credentials.get()'s options; each answer moves the counter on unless `bend` sets it. */
  signIn(options: { challenge: string }, bend: Bend = {}) {
    if (bend.counter === undefined) this.counter += 1;
    const authData = this.authData(bend, 0);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]),
      this.privateKey,
    );
    const id = b64url(this.credentialId);
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    };
  }

  private authData(bend: Bend, extraFlags: number): Buffer {
    const flags = UP | (bend.userVerified === false ? 0 : UV) | BE | BS | extraFlags;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(bend.counter ?? this.counter);
    return Buffer.concat([sha256(bend.rpId ?? this.rpId), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, challenge: string, bend: Bend): string {
    const data = {
      type: bend.type ?? type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    };
    return Buffer.from(JSON.stringify(data)).toString("base64url");
  }
}
