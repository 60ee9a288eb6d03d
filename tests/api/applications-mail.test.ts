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
 * Issue 26's e-mail and limits (docs/decisions/194 and 195), and issue 37's outbox and fair
 * limits (decisions 207 and 208), on a server of the test's own: PETSTORE_SMTP_URL points at
 * a real SMTP server (the `smtp-server` package) started here, with a password that must never
 * be logged; three applications an hour per address (an IPv6 client by its /64), mail to three
 * a day per mailbox. The adopter gets the status link by mail only, the shelter a notice
 * without the answers; a second application is answered as a new one and its link goes again
 * by mail; mail the server refuses for a while is retried from the outbox through a SIGKILL,
 * and arrives once; staff see it failing meanwhile.
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
/** Addresses it answers 451 to for as long as they are here (a mail server down for a while). */
const refused = new Set<string>();
let smtp: SMTPServer;
let server: FrontServerProcess;
/** What earlier processes (before a SIGKILL) printed. */
let earlierOutput = "";
let serverEnv: Record<string, string> = {};
let base = "";
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
      if (!greylisted.delete(address.address) && !refused.has(address.address)) return callback();
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
  // A sender SIGKILLed mid-session resets its connection: the mail server's concern, not a test failure.
  smtp.on("error", () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  signingKey = await storeSigningKey();
  base = `http://127.0.0.1:${own.port}`;
  serverEnv = {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: KEY,
    PETSTORE_RATE_LIMIT: "0",
    PETSTORE_SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`,
    PETSTORE_PUBLIC_URL: base,
    PETSTORE_SHELTER_EMAIL: SHELTER,
    PETSTORE_MAIL_FROM: "adopt@shelter.example.org",
    PETSTORE_APPLICATIONS_PER_ADDRESS: "3",
    // Each test applies from addresses of its own, named in X-Forwarded-For.
    PETSTORE_TRUSTED_PROXIES: "127.0.0.1",
    PETSTORE_MAIL_RETRY_SCHEDULE: Array.from({ length: 60 }, () => "1s").join(","),
  };
  server = await startFrontServer(own.port, serverEnv);
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
  const { openPostgresStore } = await import("@/lib/composition/postgres-store");
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

/** Posts the form from `client` (the client address the trusted proxy names). */
const apply = (petId: number, fields: Fields, client = "192.0.2.1") =>
  fetch(`${base}/pets/${petId}/apply`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": client },
    body: encode(fields),
  });

const output = () => earlierOutput + server.output();

/** The messages to `address` received so far. */
const mailTo = (address: string) =>
  inbox.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));

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

/** A page as a client sees it, less its per-response CSP nonce. */
const pageOf = async (response: Response) => ({
  status: response.status,
  location: response.headers.get("location"),
  page: (await (await fetch(`${base}${response.headers.get("location")}`)).text()).replace(
    /nonce="[^"]+"|data-n-css="[^"]+"/g,
    "",
  ),
});

async function waitForMailTo(address: string, count: number): Promise<Received[]> {
  await expect
    .poll(() => mailTo(address).length, {
      timeout: 20_000,
      message: `mail to ${address} among ${inbox.map((mail) => mail.to).join(" ")}`,
    })
    .toBeGreaterThanOrEqual(count);
  return mailTo(address);
}

/** The one application for an animal, as staff read it. */
async function applicationFor(petId: number): Promise<Record<string, unknown>> {
  const list = await fetch(`${base}/v1/applications?petId=${petId}`, { headers: { authorization: `Bearer ${KEY}` } });
  const [first, ...more] = (await list.json()) as { id: number }[];
  expect(more, "one application for the animal").toEqual([]);
  const one = await fetch(`${base}/v1/applications/${first!.id}`, { headers: { authorization: `Bearer ${KEY}` } });
  return (await one.json()) as Record<string, unknown>;
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
  let firstAnswer: { status: number; location: string | null; page: string } | undefined;

  it("sends the adopter the status link by mail only (again a second later, when the server greylisted it), and the shelter a notice without the answers", async () => {
    rexId = await createPet("Rex the mail dog");
    stamp = formStampOf(await (await fetch(`${base}/pets/${rexId}/apply`)).text());
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const taken = await apply(rexId, goodFields(email, { formStamp: stamp, whyThisAnimal: "Private reason 7731" }));
    expect(taken.status).toBe(303);
    const location = taken.headers.get("location");
    expect(location).toBe(`/pets/${rexId}/apply?sent`);
    firstAnswer = await pageOf(taken);
    const { page } = firstAnswer;
    expect(textOf(page)).toContain("please check your e-mail");

    const [adopter] = await waitForMailTo(email, 1);
    const [shelter] = await waitForMailTo(SHELTER, 1);
    statusLink = /http:\/\/\S+\/applications\/[A-Za-z0-9_-]{43}/.exec(bodyOf(adopter!))![0];
    expect(statusLink.startsWith(`${base}/applications/`)).toBe(true);
    expect(page).not.toContain(statusLink.split("/").at(-1));
    expect(bodyOf(adopter!)).toMatch(/Your reference: A-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    expect(adopter!.raw).toMatch(/^From: adopt@shelter\.example\.org/m);
    expect(textOf(await (await fetch(statusLink)).text())).toContain("Rex the mail dog");
    const notice = bodyOf(shelter!);
    expect(notice).toContain(`for Rex the mail dog (#${rexId})`);
    expect(notice).not.toContain("Private reason 7731");
    expect(notice).not.toContain(email);
    expect(notice).not.toContain(statusLink.split("/").at(-1));
    expect(await isSuspect(rexId)).toBe(false);
    expect(greylisted.size, "the adopter's first attempt was refused for now").toBe(0);
    expect(output()).toMatch(
      /"kind":"adopter_confirmation","attempt":1,"code":"EENVELOPE","responseCode":451,"retryInMs":1000/,
    );
    // The inbox holds the message once its data is in; the server logs "sent" when the mail
    // server's answer reaches it, a moment later.
    await expect.poll(() => output()).toMatch(/"kind":"adopter_confirmation","attempt":2,"msg":"mail sent"/);
  });

  it("answers a second application exactly as a new one, sends the link again by mail, and stores nothing twice", async () => {
    const again = await apply(
      rexId,
      goodFields(email.toUpperCase(), { formStamp: stamp, name: "Not Ada" }),
      "192.0.2.2",
    );
    expect(await pageOf(again)).toEqual(firstAnswer);
    const [, reminder] = await waitForMailTo(email, 2);
    expect(bodyOf(reminder!)).toContain(statusLink);
    expect(bodyOf(reminder!)).toContain("You have already applied to adopt Rex the mail dog");
    expect((await applicationFor(rexId)).answers).toMatchObject({ name: expect.not.stringContaining("Not Ada") });
  });

  it("puts the link of a form re-posted with a forged Host on the site's own origin, never the Host's", async () => {
    // A stranger who knows Ada's e-mail and the animal re-posts the form to this server with
    // `Host: attacker.example`: the shelter's mail server then sends Ada her real link, which
    // must name PETSTORE_PUBLIC_URL (docs/decisions/201).
    const before = mailTo(email).length;
    await postForged(
      rexId,
      goodFields(email, { formStamp: stamp, name: "Not Ada" }),
      "attacker.example",
      "203.0.113.7",
    );
    const reminder = (await waitForMailTo(email, before + 1)).at(-1)!;
    expect(bodyOf(reminder)).toContain(statusLink);
    expect(bodyOf(reminder)).not.toContain("attacker.example");

    const petId = await createPet("Forged host cat");
    const newcomer = "forged.host.newcomer@example.org";
    await postForged(petId, goodFields(newcomer, { formStamp: stamp }), "attacker.example:8080", "203.0.113.8");
    const [confirmation] = await waitForMailTo(newcomer, 1);
    expect(bodyOf(confirmation!)).toMatch(new RegExp(`${base}/applications/[A-Za-z0-9_-]{43}`));
    expect(bodyOf(confirmation!)).not.toContain("attacker.example");
  });

  it("keeps and flags a form stamped more than a day ago", async () => {
    const petId = await createPet("Old form cat");
    const dayOld = signFormStamp(formStampKeyFrom(signingKey), Date.now() - 25 * 3_600_000);
    const taken = await apply(petId, goodFields("slow.reader@example.org", { formStamp: dayOld }), "192.0.2.3");
    expect(taken.status).toBe(303);
    expect(await isSuspect(petId)).toBe(true);
  });

  it("takes three applications an hour from one IPv6 /64, however its addresses vary; the next is a 429 with Retry-After", async () => {
    const pets: number[] = [];
    for (const [index, client] of ["2001:db8:7:9::1", "2001:db8:7:9::2", "2001:db8:7:9:ffff::3"].entries()) {
      pets.push(await createPet(`Sixty-four ${index}`));
      const taken = await apply(pets[index]!, goodFields(`v6-${index}@example.org`, { formStamp: stamp }), client);
      expect(taken.status).toBe(303);
    }
    // The third sent again (a double-click with JavaScript off) is answered as the first, not refused.
    const again = await apply(pets[2]!, goodFields("v6-2@example.org", { formStamp: stamp }), "2001:db8:7:9::5");
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/pets/${pets[2]}/apply?sent`);
    const petId = await createPet("One too many");
    const refused = await apply(
      petId,
      goodFields("fourth@example.org", { formStamp: stamp, whyThisAnimal: "Typed answers 4410" }),
      "2001:db8:7:9:abcd::4",
    );
    expect(refused.status).toBe(429);
    // Refused, the form comes back with what was typed.
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Typed answers 4410");
    expect(refusedPage).toContain('value="fourth@example.org"');
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3_600);
    expect(textOf(refusedPage)).toContain("Please try again in");
    // Another /64 is another client.
    expect((await apply(petId, goodFields("fourth@example.org", { formStamp: stamp }), "2001:db8:7:a::1")).status).toBe(
      303,
    );
    // ...and the double-click mailed nothing more: its one confirmation, no "already applied".
    await waitForMailTo("fourth@example.org", 1);
    expect(mailTo("v6-2@example.org")).toHaveLength(1);
  });

  it("mails one mailbox three times a day however its address is written, yet forged applications never stop its owner applying", async () => {
    const forged = ["kim.lee+1@gmail.com", "KimLee@googlemail.com", "k.i.m.l.e.e@gmail.com"];
    for (const [index, address] of forged.entries()) {
      const taken = await apply(
        await createPet(`Forged ${index}`),
        goodFields(address, { formStamp: stamp }),
        `198.51.100.${index + 1}`,
      );
      expect(taken.status).toBe(303);
      await waitForMailTo(address, 1);
    }
    // The owner applies: taken, answered as always, and mailed nothing more today.
    const ownPet = await createPet("Kim's own choice");
    const owner = await apply(ownPet, goodFields("kimlee@gmail.com", { formStamp: stamp }), "198.51.100.9");
    expect(owner.status).toBe(303);
    expect(owner.headers.get("location")).toBe(`/pets/${ownPet}/apply?sent`);
    expect(await applicationFor(ownPet)).toMatchObject({
      state: "submitted",
      applicantMail: {
        state: "given_up",
        attempts: 0,
        lastError: expect.stringMatching(/^Not sent: this applicant's mailbox has had its mail for today/),
      },
    });
    // A later application's mail arrives after the owner's would have: the outbox sends in order.
    const later = await createPet("Later mail");
    expect((await apply(later, goodFields("later@example.org", { formStamp: stamp }), "198.51.100.10")).status).toBe(
      303,
    );
    await waitForMailTo("later@example.org", 1);
    expect(mailTo("kimlee@gmail.com")).toEqual([]);
    expect(forged.flatMap((address) => mailTo(address))).toHaveLength(3);
  });

  it("keeps mail the server refuses for a while in the outbox through a SIGKILL, shows staff it failing, and delivers it once", async () => {
    const address = "crash.test@example.org";
    refused.add(address);
    const petId = await createPet("Through the crash");
    expect((await apply(petId, goodFields(address, { formStamp: stamp }), "203.0.113.7")).status).toBe(303);
    await expect
      .poll(async () => (await applicationFor(petId)).applicantMail, { timeout: 20_000 })
      .toMatchObject({ state: "failing", lastError: "The mail server refused it for now (reply 451)." });
    const { applicantMail } = await applicationFor(petId);
    expect(Date.parse((applicantMail as { nextAttemptAt: string }).nextAttemptAt)).toBeGreaterThan(Date.now() - 5_000);
    expect(JSON.stringify(applicantMail)).not.toContain("@");

    server.child.kill("SIGKILL");
    await server.exited;
    earlierOutput += server.output();
    expect(mailTo(address)).toEqual([]);
    server = await startFrontServer(own.port, serverEnv);
    refused.delete(address);
    await waitForMailTo(address, 1);
    await expect.poll(async () => (await applicationFor(petId)).applicantMail, { timeout: 20_000 }).toBeUndefined();
    await expect.poll(() => output()).toMatch(/"kind":"adopter_confirmation","attempt":\d+,"msg":"mail sent"/);
    // Sent, then removed: a later application's mail comes after it, and nothing more to this one.
    const later = await createPet("After the crash");
    expect(
      (await apply(later, goodFields("after.crash@example.org", { formStamp: stamp }), "203.0.113.8")).status,
    ).toBe(303);
    await waitForMailTo("after.crash@example.org", 1);
    expect(mailTo(address)).toHaveLength(1);
  });

  it("tells each adopter the decision by mail, once: approved, declined, withdrawn, and the animal gone to someone else", async () => {
    const privately = "Private answer 5170";
    const applied = async (petId: number, address: string, client: string) => {
      const fields = goodFields(address, { formStamp: stamp, whyThisAnimal: privately });
      expect((await apply(petId, fields, client)).status).toBe(303);
      const [confirmation] = await waitForMailTo(address, 1);
      const link = /http:\/\/\S+\/applications\/[A-Za-z0-9_-]{43}/.exec(bodyOf(confirmation!))![0];
      const [first] = (await (
        await fetch(`${base}/v1/applications?petId=${petId}`, { headers: { authorization: `Bearer ${KEY}` } })
      ).json()) as { id: number }[];
      return { link, id: first!.id };
    };
    const move = async (id: number, body: Record<string, string>) => {
      const response = await fetch(`${base}/v1/applications/${id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const dog = await createPet("Decision dog");
    const chosen = await applied(dog, "chosen.home@example.org", "192.0.2.21");
    const other = await applied(dog, "other.home@example.org", "192.0.2.22");
    const cat = await createPet("Decision cat");
    const declined = await applied(cat, "declined.home@example.org", "192.0.2.23");
    const hamster = await createPet("Decision hamster");
    const withdrawn = await applied(hamster, "withdrawn.home@example.org", "192.0.2.24");

    await move(chosen.id, { state: "in_review" });
    await move(chosen.id, { state: "approved" });
    await move(chosen.id, { state: "approved" }); // asked twice: nothing changes, nothing more is sent
    await move(declined.id, { state: "declined", reason: "Staff-only reason 8821" });
    const withdrawal = await fetch(withdrawn.link, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: "intent=withdraw",
    });
    expect(withdrawal.status).toBe(303);

    const decisionTo = async (address: string) => (await waitForMailTo(address, 2))[1]!;
    const approvedMail = bodyOf(await decisionTo("chosen.home@example.org"));
    expect(approvedMail).toContain("approved your application to adopt Decision dog");
    expect(approvedMail).toContain("What happens next");
    expect(approvedMail).toContain(chosen.link);
    const goneMail = bodyOf(await decisionTo("other.home@example.org"));
    expect(goneMail).toContain("Decision dog is no longer available");
    expect(goneMail).toContain(other.link);
    const declinedMail = bodyOf(await decisionTo("declined.home@example.org"));
    expect(declinedMail).toContain("not able to offer Decision cat a home with you");
    expect(declinedMail).toContain(declined.link);
    expect(declinedMail).not.toContain("Staff-only reason 8821");
    const withdrawnMail = bodyOf(await decisionTo("withdrawn.home@example.org"));
    expect(withdrawnMail).toContain("Your application to adopt Decision hamster is withdrawn");
    expect(withdrawnMail).toContain(withdrawn.link);
    for (const mail of [approvedMail, goneMail, declinedMail, withdrawnMail]) {
      expect(mail).not.toContain(privately);
      expect(mail).not.toContain("Ada Lovelace");
    }

    // Once each: a later mail (the outbox sends in order) finds nothing more to these four.
    const later = await createPet("After the decisions");
    expect(
      (await apply(later, goodFields("after.decisions@example.org", { formStamp: stamp }), "192.0.2.25")).status,
    ).toBe(303);
    await waitForMailTo("after.decisions@example.org", 1);
    for (const address of ["chosen.home", "other.home", "declined.home", "withdrawn.home"]) {
      expect(mailTo(`${address}@example.org`), address).toHaveLength(2);
    }
  });

  it("tells each waiting adopter, once, that the animal has gone when it leaves without an approval: an order placed, its status set", async () => {
    const applied = async (petId: number, address: string, client: string) => {
      const fields = goodFields(address, { formStamp: stamp, whyThisAnimal: "Private answer 6620" });
      expect((await apply(petId, fields, client)).status).toBe(303);
      const [confirmation] = await waitForMailTo(address, 1);
      return /http:\/\/\S+\/applications\/[A-Za-z0-9_-]{43}/.exec(bodyOf(confirmation!))![0];
    };
    const staff = async (method: string, path: string, body: Record<string, unknown>) => {
      const response = await fetch(`${base}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
    };
    const ordered = await createPet("Ordered rabbit");
    const corrected = await createPet("Corrected parrot");
    const links = {
      "first.ordered@example.org": await applied(ordered, "first.ordered@example.org", "192.0.2.31"),
      "second.ordered@example.org": await applied(ordered, "second.ordered@example.org", "192.0.2.32"),
      "corrected.home@example.org": await applied(corrected, "corrected.home@example.org", "192.0.2.33"),
    };

    await staff("PATCH", `/pets/${ordered}`, { description: "Loves carrots." }); // still available: nothing to tell
    await staff("POST", "/store/orders", { petId: ordered, adopter: "Walk-in family" });
    await staff("PATCH", `/pets/${corrected}`, { status: "pending", reason: "Reserved by phone." });
    await staff("PATCH", `/pets/${corrected}`, { status: "sold", reason: "Adopted." }); // gone already: nothing more

    for (const [address, link] of Object.entries(links)) {
      const gone = bodyOf((await waitForMailTo(address, 2))[1]!);
      const name = address.includes("ordered") ? "Ordered rabbit" : "Corrected parrot";
      expect(gone, address).toContain(`${name} is no longer available`);
      expect(gone, address).toContain(link);
      expect(gone, address).not.toContain("Private answer 6620");
      expect(textOf(await (await fetch(link)).text()), address).toContain("No longer available");
    }
    // Once each: a later mail (the outbox sends in order) finds nothing more to these three.
    const later = await createPet("After the animals left");
    expect((await apply(later, goodFields("after.gone@example.org", { formStamp: stamp }), "192.0.2.34")).status).toBe(
      303,
    );
    await waitForMailTo("after.gone@example.org", 1);
    for (const address of Object.keys(links)) expect(mailTo(address), address).toHaveLength(2);
  });

  it("never logs the mail server's password, an address or a status link", async () => {
    const logged = output();
    expect(logged).toContain('"event":"mail"');
    for (const secret of [
      SMTP_PASSWORD,
      email,
      SHELTER,
      "crash.test@example.org",
      "kimlee",
      statusLink.split("/").at(-1)!,
    ]) {
      expect(logged.includes(secret), "a secret in the server's output").toBe(false);
    }
  });
});
