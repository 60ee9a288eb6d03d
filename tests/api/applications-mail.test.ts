import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { openFileAccountStore } from "@/lib/people/file-account-store";
import { formStampKeyFrom, signFormStamp } from "@/lib/applications/spam-checks";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { encode, formStampOf, goodFields, textOf, type Fields } from "@/tests/api/support/applications";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";

/**
 * Issue 26's e-mail and limits (docs/decisions/194 and 195), on a server of the test's own:
 * PETSTORE_SMTP_URL points at a real SMTP server (the `smtp-server` package) started here,
 * with a password that must never be logged; two applications an hour per address. The
 * adopter gets the status link, the shelter a notice without the answers, a second
 * application's adopter the link again; a form stamped a day ago is kept and flagged.
 */

const KEY = "applications-mail-key-5c1e9a7f30";
const SMTP_PASSWORD = "smtp-secret-6d2f0b9e";
const SHELTER = "team@shelter.example.org";
const own = prepareOwnStore("applications-mail");

interface Received {
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
/** Addresses the mail server answers "try again later" (451) once, as a greylisting server does. */
const greylisted = new Set(["ada.mail@example.org"]);
let smtp: SMTPServer;
let server: FrontServerProcess;
let base = "";
/**
 * PETSTORE_PUBLIC_URL, required with mail (docs/decisions/201): the site as adopters reach it,
 * through a proxy, not the address this test speaks to. Every status link names it.
 */
const PUBLIC_URL = "https://pets.example.org";
let signingKey: Buffer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(auth.password === SMTP_PASSWORD ? null : new Error("bad password"), { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (!greylisted.delete(address.address)) return callback();
      callback(Object.assign(new Error("Greylisted: try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  signingKey = await storeSigningKey();
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: KEY,
    PETSTORE_RATE_LIMIT: "0",
    PETSTORE_SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`,
    PETSTORE_SHELTER_EMAIL: SHELTER,
    PETSTORE_MAIL_FROM: "adopt@shelter.example.org",
    PETSTORE_APPLICATIONS_PER_ADDRESS: "3",
    PETSTORE_MAIL_RETRY_SCHEDULE: "1s",
    PETSTORE_PUBLIC_URL: PUBLIC_URL,
    // The forged-Host test's stranger comes through a proxy, from an address of its own.
    PETSTORE_TRUSTED_PROXIES: "127.0.0.1,::1",
  });
  base = `http://127.0.0.1:${own.port}`;
}, 90_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** The store's signing key, made before the server starts (which then uses it), to sign an old form. */
async function storeSigningKey(): Promise<Buffer> {
  if (!own.databaseUrl) {
    const accounts = await openFileAccountStore(own.dataDir);
    const { key } = await accounts.signingKey();
    await accounts.close();
    return key;
  }
  const { openPostgresStore } = await import("@/lib/store/postgres/postgres-store");
  const { openPostgresAccountStore } = await import("@/lib/people/postgres-account-store");
  const store = await openPostgresStore({
    connectionString: own.databaseUrl,
    eventRetentionDays: 30,
    logger: { info: () => {}, warn: () => {} },
  });
  const accounts = openPostgresAccountStore({ connectionString: own.databaseUrl });
  const { key } = await accounts.signingKey();
  await accounts.close();
  await store.close();
  return key;
}

async function createPet(name: string): Promise<number> {
  const response = await fetch(`${base}/v1/pets`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const apply = (petId: number, fields: Fields) =>
  fetch(`${base}/pets/${petId}/apply`, {
    method: "POST",
    redirect: "manual",
    // From the site's own page, as a browser there says.
    headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL },
    body: encode(fields),
  });

/**
 * The form posted as any HTTP client can (fetch cannot): with a Host of the sender's choosing,
 * `Sec-Fetch-Site: same-origin` (the same-site check guards browsers, not scripts) and a
 * client address of its own through the trusted proxy.
 */
function postForged(petId: number, fields: Fields, host: string, address: string): Promise<number> {
  const body = encode(fields);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port: own.port,
      method: "POST",
      path: `/pets/${petId}/apply`,
      agent: false,
      headers: {
        host,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(body),
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": address,
      },
    });
    request.on("error", reject);
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.end(body);
  });
}

/** The messages to `address`, once there are at least `count`. */
async function mailTo(address: string, count: number): Promise<Received[]> {
  const to = () => inbox.filter((mail) => mail.to.includes(address));
  for (let attempt = 0; attempt < 100 && to().length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(to().length).toBeGreaterThanOrEqual(count);
  return to();
}

async function waitForMail(count: number): Promise<Received[]> {
  for (let attempt = 0; attempt < 100 && inbox.length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(inbox.length).toBeGreaterThanOrEqual(count);
  return inbox.slice(0, count);
}

/** A message's text, its quoted-printable soft breaks and escapes undone. */
const bodyOf = (mail: Received) =>
  mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function isSuspect(petId: number): Promise<boolean> {
  const response = await fetch(`${base}/v1/events?type=application.submitted&limit=100`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  const events = (await response.json()) as { data: { object: { petId: number; suspect: boolean } } }[];
  const summary = events.find((event) => event.data.object.petId === petId)?.data.object;
  expect(summary, `an application for pet ${petId}`).toBeDefined();
  return summary!.suspect;
}

describe("with PETSTORE_SMTP_URL set", () => {
  let stamp = "";
  const email = "ada.mail@example.org";
  let rexId = 0;
  let statusLink = "";

  it("e-mails the adopter the status link (again a second later, when the server greylisted it) and the shelter a notice without the answers", async () => {
    rexId = await createPet("Rex the mail dog");
    stamp = formStampOf(await (await fetch(`${base}/pets/${rexId}/apply`)).text());
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const taken = await apply(rexId, goodFields(email, { formStamp: stamp, whyThisAnimal: "Private reason 7731" }));
    expect(taken.status).toBe(303);
    const path = taken.headers.get("location")!.replace(/\?submitted$/, "");
    statusLink = `${PUBLIC_URL}${path}`;
    const confirmation = textOf(await (await fetch(`${base}${taken.headers.get("location")}`)).text());
    expect(confirmation).toContain("We have e-mailed you this page's private link too.");

    const mails = await waitForMail(2);
    const adopter = mails.find((mail) => mail.to.includes(email))!;
    const shelter = mails.find((mail) => mail.to.includes(SHELTER))!;
    expect(bodyOf(adopter)).toContain(statusLink);
    expect(bodyOf(adopter)).toMatch(/Your reference: A-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    expect(adopter.raw).toMatch(/^From: adopt@shelter\.example\.org/m);
    const notice = bodyOf(shelter);
    expect(notice).toContain(`for Rex the mail dog (#${rexId})`);
    expect(notice).not.toContain("Private reason 7731");
    expect(notice).not.toContain(email);
    expect(notice).not.toContain(path);
    expect(await isSuspect(rexId)).toBe(false);
    expect(greylisted.size, "the adopter's first attempt was refused for now").toBe(0);
    expect(server.output()).toMatch(
      /"kind":"adopter_confirmation","attempt":1,"code":"EENVELOPE","responseCode":451,"retryInMs":1000/,
    );
    // The inbox holds the message once its data is in; the server logs "sent" when the mail
    // server's answer reaches it, a moment later.
    await expect.poll(() => server.output()).toMatch(/"kind":"adopter_confirmation","attempt":2,"msg":"mail sent"/);
  });

  it("sends the link again to the address of a second application, and shows it to nobody", async () => {
    const again = await apply(rexId, goodFields(email, { formStamp: stamp, name: "Not Ada" }));
    expect(again.status).toBe(200);
    const page = await again.text();
    expect(textOf(page)).toContain("We have e-mailed its private link to that address again");
    expect(page).not.toContain(statusLink.split("/").at(-1));
    const [, , reminder] = await waitForMail(3);
    expect(reminder!.to).toEqual([email]);
    expect(bodyOf(reminder!)).toContain(statusLink);
  });

  it("puts the link of a form re-posted with a forged Host on the site's own origin, never the Host's", async () => {
    // A stranger who knows Ada's e-mail and the animal re-posts the form to this server with
    // `Host: attacker.example`: the shelter's mail server then sends Ada her real link.
    const before = (await mailTo(email, 1)).length;
    await postForged(
      rexId,
      goodFields(email, { formStamp: stamp, name: "Not Ada" }),
      "attacker.example",
      "203.0.113.7",
    );
    const reminder = (await mailTo(email, before + 1)).at(-1)!;
    expect(bodyOf(reminder)).toContain(statusLink);
    expect(bodyOf(reminder)).not.toContain("attacker.example");

    const petId = await createPet("Forged host cat");
    const newcomer = "forged.host.newcomer@example.org";
    await postForged(petId, goodFields(newcomer, { formStamp: stamp }), "attacker.example:8080", "203.0.113.8");
    const [confirmation] = await mailTo(newcomer, 1);
    expect(bodyOf(confirmation!)).toMatch(new RegExp(`${PUBLIC_URL}/applications/[A-Za-z0-9_-]{43}`));
    expect(bodyOf(confirmation!)).not.toContain("attacker.example");
  });

  it("keeps and flags a form stamped more than a day ago", async () => {
    const petId = await createPet("Old form cat");
    const dayOld = signFormStamp(formStampKeyFrom(signingKey), Date.now() - 25 * 3_600_000);
    const taken = await apply(petId, goodFields("slow.reader@example.org", { formStamp: dayOld }));
    expect(taken.status).toBe(303);
    expect(await isSuspect(petId)).toBe(true);
  });

  it("takes three applications an hour from one address; the next is a 429 with Retry-After", async () => {
    const petId = await createPet("One too many");
    const refused = await apply(petId, goodFields("fourth@example.org", { formStamp: stamp }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3_600);
    expect(textOf(await refused.text())).toContain("Please try again in");
  });

  it("never logs the mail server's password, an address or a status link", async () => {
    const output = server.output();
    expect(output).toContain('"event":"mail"');
    for (const secret of [SMTP_PASSWORD, email, SHELTER, statusLink.split("/").at(-1)!]) {
      expect(output.includes(secret), "a secret in the server's output").toBe(false);
    }
  });
});
