import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { api, expectError, header, validKey } from "@/tests/api/support/api";
import {
  acceptInvitation,
  addPerson,
  authRequest,
  PASSWORD,
  signedInPerson,
  tokenOf,
  uniqueEmail,
  type AddedPerson,
} from "@/tests/api/support/people";

/*
 * Staff accounts over /v1/people and what a person's session may do (issue 25), on the
 * suite's server: added with its all-scopes key, signed in through their invitation
 * (tests/api/support/people.ts). Sign-in itself from an empty store is
 * tests/api/staff-sign-in.test.ts. Each sign-in costs half a second of scrypt: few here.
 */

const patch = (id: string, json: unknown, key?: string) =>
  api(`/v1/people/${id}`, { method: "PATCH", json, contentType: "application/merge-patch+json", key });

const newPet = (key: string) => api("/v1/pets", { key, json: { name: "People probe", categoryId: 1 } });

interface FeedEvent {
  type: string;
  actor: { type: string; id?: string };
  data: { object: { id: string }; from?: string; to?: string };
}

/** The feed's events about person `id` (and sessions of theirs), oldest first. */
async function eventsAbout(id: string): Promise<FeedEvent[]> {
  const found: FeedEvent[] = [];
  let next = "/v1/events?limit=100";
  for (;;) {
    const page = await api(next);
    expect(page.status, page.text).toBe(200);
    const events = page.json as FeedEvent[];
    found.push(...events.filter((event) => event.data.object.id === id || JSON.stringify(event.data).includes(id)));
    if (events.length < 100) return found;
    next = /^<([^>]+)>/.exec(header(page, "link"))![1]!;
  }
}

describe("/v1/people", () => {
  it("adds a person with a link shown once, which they follow to choose a password, then sign in", async () => {
    const email = uniqueEmail("staff");
    const created = await api("/v1/people", {
      json: { email: ` ${email.toUpperCase()} `, name: "Sam Staff", role: "staff" },
    });
    expect(created.status, created.text).toBe(201);
    const person = created.json as AddedPerson & Record<string, unknown>;
    expect(person).toMatchObject({ email, name: "Sam Staff", role: "staff", active: true, hasPassword: false });
    expect(Date.parse(person.invitationExpiresAt as string) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(person.invitationUrl).toMatch(new RegExp(`^${inject("baseUrl")}/staff/welcome#invitation=[\\w-]{40,}$`));
    expect(header(created, "location")).toBe(`/v1/people/${person.id}`);

    const listed = await api("/v1/people");
    expect(listed.status).toBe(200);
    const ids = (listed.json as { id: string }[]).map((each) => each.id);
    expect(ids.at(-1)).toBe(person.id); // oldest first
    expect(listed.text).not.toContain(tokenOf(person.invitationUrl));
    const fetched = await api(`/v1/people/${person.id}`);
    expect(fetched.json).toEqual((listed.json as { id: string }[]).at(-1));
    expect(fetched.json).not.toHaveProperty("invitationUrl");

    // A new link replaces the first, which stops working.
    const reinvited = await api(`/v1/people/${person.id}/invitation`, { method: "POST" });
    expect(reinvited.status, reinvited.text).toBe(200);
    expect(tokenOf(reinvited.json.invitationUrl)).not.toBe(tokenOf(person.invitationUrl));
    // The welcome page asks before showing its form: the replaced link is no longer usable.
    const checked = async (url: string) =>
      (await authRequest("/auth/link-check", { json: { kind: "invitation", token: tokenOf(url) } })).json;
    expect(await checked(reinvited.json.invitationUrl)).toEqual({ usable: true });
    expect(await checked(person.invitationUrl)).toEqual({ usable: false });
    const stale = await authRequest("/auth/invitation", {
      json: { token: tokenOf(person.invitationUrl), password: PASSWORD },
    });
    expect(stale.status).toBe(410);
    expect(stale.json.code).toBe("invalid_invitation");

    const signedIn = await acceptInvitation({ ...person, invitationUrl: reinvited.json.invitationUrl });
    expect((await api(`/v1/people/${person.id}`)).json).toMatchObject({ hasPassword: true });
    expect((await api(`/v1/people/${person.id}`)).json).not.toHaveProperty("invitationExpiresAt");
    const used = await authRequest("/auth/invitation", {
      json: { token: tokenOf(reinvited.json.invitationUrl), password: PASSWORD },
    });
    expect(used.status).toBe(410);
    expect(await checked(reinvited.json.invitationUrl)).toEqual({ usable: false });

    const again = await authRequest("/auth/sign-in", { json: { email, password: PASSWORD } });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({
      person: { id: person.id, role: "staff" },
      scopes: expect.arrayContaining(["pets:write"]),
    });
    expect(again.json.bearer).not.toBe(signedIn.bearer);
    const me = await api("/v1/me", { key: again.json.bearer });
    expect(me.json).toMatchObject({ name: "Sam Staff", role: "staff" });
    expect((await newPet(signedIn.bearer)).status).toBe(201);
  });

  it("answers a wrong password exactly as an unknown e-mail", async () => {
    const person = await signedInPerson("staff", "wrong-password");
    const wrong = await authRequest("/auth/sign-in", {
      json: { email: person.email, password: "not the password, sorry" },
    });
    const unknown = await authRequest("/auth/sign-in", {
      json: { email: uniqueEmail("nobody"), password: "not the password, sorry" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe("invalid_credentials");
    expect(unknown.json).toEqual(wrong.json);
  });

  it("refuses what the rules forbid: unknown ids, a taken e-mail, bad fields", async () => {
    expectError(await api("/v1/people/per_0000000000000000"), 404, "not_found");
    expectError(await patch("per_0000000000000000", { name: "Nobody" }), 404, "not_found");
    expectError(await api("/v1/people/per_0000000000000000/invitation", { method: "POST" }), 404, "not_found");

    const first = await addPerson("volunteer", "taken");
    const second = await addPerson("volunteer", "taken");
    expectError(
      await api("/v1/people", { json: { email: first.email, name: "Twin", role: "staff" } }),
      409,
      "email_taken",
    );
    expectError(await patch(second.id, { email: first.email.toUpperCase() }), 409, "email_taken");

    const invalid = await api("/v1/people", { json: { email: "not-an-address", name: " ", role: "owner", extra: 1 } });
    expectError(invalid, 400, "invalid_body");
    expect((invalid.json.details as { field: string }[]).map((detail) => detail.field).sort()).toEqual([
      "email",
      "extra",
      "name",
      "role",
    ]);
    expectError(await patch(first.id, { active: "no" }), 400, "invalid_body");
    expectError(await api("/v1/people?limit=5"), 400, "invalid_query");
    expectError(
      await api(`/v1/people/${first.id}`, { method: "PATCH", body: "name=x", contentType: "text/plain" }),
      415,
      "unsupported_media_type",
    );
    const plainJson = await api(`/v1/people/${first.id}`, { method: "PATCH", json: { name: "Renamed Volunteer" } });
    expect(plainJson.json).toMatchObject({ name: "Renamed Volunteer", role: "volunteer" });
  });

  it("needs people:read to list and people:write to change", async () => {
    const staff = await signedInPerson("staff", "no-people");
    expectError(await api("/v1/people", { key: staff.bearer }), 403, "insufficient_scope");
    expectError(await patch(staff.id, { role: "admin" }, staff.bearer), 403, "insufficient_scope");
  });
});

describe("a person's role", () => {
  it("lets a volunteer list pets but not add one, and a change of role counts from the next request", async () => {
    const volunteer = await signedInPerson("volunteer");
    expect((await api("/v1/pets", { key: volunteer.bearer })).status).toBe(200);
    const refused = await newPet(volunteer.bearer);
    expectError(refused, 403, "insufficient_scope");
    expect(header(refused, "www-authenticate")).toContain('scope="pets:write"');

    expect((await patch(volunteer.id, { role: "staff" })).json).toMatchObject({ role: "staff" });
    expect((await newPet(volunteer.bearer)).status).toBe(201);
    expect((await patch(volunteer.id, { role: "volunteer" })).json).toMatchObject({ role: "volunteer" });
    expectError(await newPet(volunteer.bearer), 403, "insufficient_scope");
  });

  it("keeps one active admin at least", async () => {
    const admin = await signedInPerson("admin", "last-admin");
    // Other files' admins, if any, step aside for this test and come back after it.
    const others = ((await api("/v1/people")).json as { id: string; role: string; active: boolean }[]).filter(
      (person) => person.role === "admin" && person.active && person.id !== admin.id,
    );
    for (const other of others) expect((await patch(other.id, { active: false }, admin.bearer)).status).toBe(200);
    try {
      expect(expectError(await patch(admin.id, { role: "staff" }), 409, "last_admin")).toMatch(/only active admin/);
      expectError(await patch(admin.id, { active: false }, admin.bearer), 409, "last_admin");
      expect((await api(`/v1/people/${admin.id}`)).json).toMatchObject({ role: "admin", active: true });
    } finally {
      for (const other of others) await patch(other.id, { active: true }, admin.bearer);
    }
  });
});

describe("deactivation", () => {
  it("ends the person's sessions at once: their next request is refused, and so is their password", async () => {
    const person = await signedInPerson("staff", "leaver");
    expect((await api("/v1/me", { key: person.bearer })).status).toBe(200);

    const deactivated = await patch(person.id, { active: false });
    expect(deactivated.json).toMatchObject({ active: false, deactivatedAt: expect.any(String) });
    expectError(await api("/v1/pets", { key: person.bearer }), 401, "unauthorized");
    const session = await authRequest("/auth/session", { cookie: person.cookie });
    expect(session.json).toEqual({ signedIn: false });
    const signIn = await authRequest("/auth/sign-in", { json: { email: person.email, password: PASSWORD } });
    expect(signIn.json.code).toBe("invalid_credentials");

    // Back again, they sign in anew: the ended session stays ended.
    expect((await patch(person.id, { active: true })).json).not.toHaveProperty("deactivatedAt");
    expectError(await api("/v1/me", { key: person.bearer }), 401, "unauthorized");
  });
});

describe("a session cookie sent from another site", () => {
  it("is refused for sign-out and for a new bearer", async () => {
    const person = await signedInPerson("volunteer", "cross-site");
    for (const path of ["/auth/sign-out", "/auth/session"]) {
      const refused = await authRequest(path, { cookie: person.cookie, origin: "https://evil.example" });
      expect(refused.status, path).toBe(403);
      expect(refused.json.code).toBe("cross_origin");
      expect(refused.headers["set-cookie"]).toBeUndefined();
    }
    expect((await api("/v1/me", { key: person.bearer })).status).toBe(200); // still signed in
  });
});

describe("the record of who did what", () => {
  it("names the key or person that changed a person, and the person who signed in, with nothing personal", async () => {
    const admin = await signedInPerson("admin", "recorder");
    const person = await addPerson("volunteer", "recorded");
    await patch(person.id, { role: "staff" });
    await patch(person.id, { active: false }, admin.bearer);
    const keyActor = {
      type: "api_key",
      id: `env-${createHash("sha256").update(validKey()).digest("hex").slice(0, 12)}`,
    };

    const events = await eventsAbout(person.id);
    expect(events.map((event) => [event.type, event.actor])).toEqual([
      ["person.created", keyActor],
      ["person.role_changed", keyActor],
      ["person.deactivated", { type: "person", id: admin.id }],
    ]);
    expect(events[1]?.data).toMatchObject({ from: "volunteer", to: "staff" });
    const text = JSON.stringify(events);
    expect(text).not.toContain(person.email);
    expect(text).not.toContain(person.name);
    expect(text).not.toContain(tokenOf(person.invitationUrl));

    const signIns = (await eventsAbout(admin.id)).filter((event) => event.type === "session.signed_in");
    expect(signIns.map((event) => event.actor)).toEqual([{ type: "person", id: admin.id }]);
    expect(JSON.stringify(signIns)).not.toContain(admin.email);
  });
});
