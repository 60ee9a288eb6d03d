import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SoftwareAuthenticator } from "@/tests/support/software-authenticator";
import { CEREMONY_LIFETIME_MS } from "./ceremony-token";
import { openFilePasskeyStore } from "./file-passkey-store";
import { RegistrationAnswer, SignInAnswer } from "./passkey-answers";
import type { PasskeyStore } from "./passkey-store";
import { finishRegistration, startRegistration } from "./registration";
import { relyingPartyFor } from "./relying-party";
import { finishSignIn, startSignIn } from "./sign-in";

const ORIGIN = "http://localhost:4505";
const rp = relyingPartyFor(ORIGIN)!;
const key = Buffer.alloc(32, 7);
const person = { id: "per_00000000000000a1", email: "anna@example.org", name: "Anna" };
const now = Date.UTC(2026, 10, 26, 12, 0);

let dir: string;
let store: PasskeyStore;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-ceremonies-"));
  store = await openFilePasskeyStore(dir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function register(authenticator: SoftwareAuthenticator, name = "Work laptop") {
  const { options, ceremony } = await startRegistration({
    rp,
    person,
    existing: await store.list(person.id),
    key,
    now,
  });
  const answer = RegistrationAnswer.parse(authenticator.register(options));
  return finishRegistration({ store, rp, personId: person.id, ceremony, answer, name, key, now });
}

async function signIn(answerWith: (options: { challenge: string }) => unknown, at = now + 1000) {
  const { options, ceremony } = await startSignIn({ rp, key, now: at });
  const answer = SignInAnswer.parse(answerWith(options));
  return finishSignIn({ store, rp, ceremony, answer, key, now: at });
}

describe("passkey registration", () => {
  it("asks for a discoverable, user-verifying passkey under an opaque user handle", async () => {
    const { options } = await startRegistration({ rp, person, existing: [], key, now });
    expect(options.rp).toEqual({ id: "localhost", name: "Pet Store staff" });
    expect(options.user.name).toBe(person.email);
    expect(Buffer.from(options.user.id, "base64url").toString()).toBe(person.id);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
  });

  it("stores a verified passkey under the person's name for it, and excludes it next time", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const record = await register(authenticator);
    expect(record).toMatchObject({ personId: person.id, name: "Work laptop", counter: 0, transports: ["internal"] });
    expect(record.credentialId).toBe(authenticator.credentialId.toString("base64url"));
    expect(await store.list(person.id)).toEqual([record]);
    const { options } = await startRegistration({ rp, person, existing: [record], key, now });
    expect(options.excludeCredentials?.map((credential) => credential.id)).toEqual([record.credentialId]);
  });

  it("refuses the same authenticator twice, an answer for another origin, and a used ceremony", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(authenticator);
    await expect(register(authenticator)).rejects.toMatchObject({ reason: "already_registered" });
    const elsewhere = new SoftwareAuthenticator("http://localhost:9999", "localhost");
    await expect(register(elsewhere)).rejects.toMatchObject({ reason: "answer_invalid" });

    const { options, ceremony } = await startRegistration({ rp, person, existing: [], key, now });
    const answer = RegistrationAnswer.parse(new SoftwareAuthenticator(ORIGIN).register(options));
    const finish = () => finishRegistration({ store, rp, personId: person.id, ceremony, answer, name: "A", key, now });
    await finish();
    await expect(finish()).rejects.toMatchObject({ reason: "ceremony_used" });
  });

  it("refuses a ceremony begun for another person, signed with another key, or expired", async () => {
    const { options, ceremony } = await startRegistration({ rp, person, existing: [], key, now });
    const answer = RegistrationAnswer.parse(new SoftwareAuthenticator(ORIGIN).register(options));
    const finish = (change: { personId?: string; key?: Buffer; now?: number }) =>
      finishRegistration({ store, rp, personId: person.id, ceremony, answer, name: "A", key, now, ...change });
    await expect(finish({ personId: "per_someone_else" })).rejects.toMatchObject({ reason: "ceremony_invalid" });
    await expect(finish({ key: Buffer.alloc(32, 8) })).rejects.toMatchObject({ reason: "ceremony_invalid" });
    await expect(finish({ now: now + CEREMONY_LIFETIME_MS })).rejects.toMatchObject({ reason: "ceremony_invalid" });
    expect(await store.list(person.id)).toEqual([]);
  });

  it("refuses an authenticator that did not verify the user", async () => {
    const { options, ceremony } = await startRegistration({ rp, person, existing: [], key, now });
    const answer = RegistrationAnswer.parse(
      new SoftwareAuthenticator(ORIGIN).register(options, { userVerified: false }),
    );
    await expect(
      finishRegistration({ store, rp, personId: person.id, ceremony, answer, name: "A", key, now }),
    ).rejects.toMatchObject({ reason: "answer_invalid" });
  });
});

describe("passkey sign-in", () => {
  it("names the person, moves the counter on and records the use", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const registered = await register(authenticator);
    const { options } = await startSignIn({ rp, key, now });
    expect(options.allowCredentials ?? []).toEqual([]); // no e-mail asked: the browser offers its passkeys
    const signedIn = await signIn((options) => authenticator.signIn(options));
    expect(signedIn).toMatchObject({ id: registered.id, personId: person.id, counter: 1 });
    const [stored] = await store.list(person.id);
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: new Date(now + 1000).toISOString() });
  });

  it("accepts an authenticator that keeps no counter, time after time", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(authenticator);
    await signIn((options) => authenticator.signIn(options, { counter: 0 }));
    await expect(signIn((options) => authenticator.signIn(options, { counter: 0 }))).resolves.toMatchObject({
      counter: 0,
    });
  });

  it("refuses a counter that went backwards, even on a fresh ceremony and genuinely signed", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(authenticator);
    await signIn((options) => authenticator.signIn(options, { counter: 5 }));
    await expect(signIn((options) => authenticator.signIn(options, { counter: 5 }))).rejects.toMatchObject({
      reason: "counter_regressed",
    });
    await expect(signIn((options) => authenticator.signIn(options, { counter: 3 }))).rejects.toMatchObject({
      reason: "counter_regressed",
    });
    expect((await store.list(person.id))[0]?.counter).toBe(5);
  });

  it("refuses a replayed answer, a forged signature, another origin and an unknown passkey", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(authenticator);
    const { options, ceremony } = await startSignIn({ rp, key, now });
    const answer = SignInAnswer.parse(authenticator.signIn(options));
    await finishSignIn({ store, rp, ceremony, answer, key, now });
    await expect(finishSignIn({ store, rp, ceremony, answer, key, now })).rejects.toMatchObject({
      reason: "ceremony_used",
    });

    const forged = (options: { challenge: string }) => {
      const genuine = authenticator.signIn(options);
      const signature = Buffer.from(genuine.response.signature, "base64url");
      signature[signature.length - 1]! ^= 1;
      return { ...genuine, response: { ...genuine.response, signature: signature.toString("base64url") } };
    };
    await expect(signIn(forged)).rejects.toMatchObject({ reason: "answer_invalid" });
    const otherOrigin = (options: { challenge: string }) =>
      authenticator.signIn(options, { origin: "https://evil.example" });
    await expect(signIn(otherOrigin)).rejects.toMatchObject({ reason: "answer_invalid" });
    const otherRp = (options: { challenge: string }) => authenticator.signIn(options, { rpId: "evil.example" });
    await expect(signIn(otherRp)).rejects.toMatchObject({ reason: "answer_invalid" });
    const stranger = new SoftwareAuthenticator(ORIGIN);
    await expect(signIn((options) => stranger.signIn(options))).rejects.toMatchObject({ reason: "unknown_passkey" });
  });

  it("refuses an answer whose user handle names someone else, or that skipped user verification", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(authenticator);
    authenticator.userHandle = Buffer.from("per_someone_else").toString("base64url");
    await expect(signIn((options) => authenticator.signIn(options))).rejects.toMatchObject({
      reason: "unknown_passkey",
    });
    authenticator.userHandle = undefined;
    await expect(signIn((options) => authenticator.signIn(options, { userVerified: false }))).rejects.toMatchObject({
      reason: "answer_invalid",
    });
  });

  it("refuses a registration ceremony's token offered for a sign-in", async () => {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await register(authenticator);
    const { ceremony } = await startRegistration({ rp, person, existing: [], key, now });
    const { options } = await startSignIn({ rp, key, now });
    const answer = SignInAnswer.parse(authenticator.signIn(options));
    await expect(finishSignIn({ store, rp, ceremony, answer, key, now })).rejects.toMatchObject({
      reason: "ceremony_invalid",
    });
  });
});

describe("the relying party", () => {
  it("is the site's host name, never an IP address", () => {
    expect(relyingPartyFor("https://pets.example.org")).toMatchObject({
      id: "pets.example.org",
      origin: "https://pets.example.org",
    });
    expect(relyingPartyFor("http://localhost:3000")).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3000",
    });
    expect(relyingPartyFor("http://127.0.0.1:3000")).toBeUndefined();
    expect(relyingPartyFor("http://[::1]:3000")).toBeUndefined();
    expect(relyingPartyFor("not a url")).toBeUndefined();
  });
});
