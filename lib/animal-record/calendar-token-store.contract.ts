import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CalendarTokenHolder, CalendarTokenRecord } from "./calendar-token";
import type { CalendarTokenStore } from "./calendar-token-store";

/** A calendar token store on some engine. */
export interface CalendarTokenSubject {
  tokens: CalendarTokenStore;
  /** Closes the store and opens it again on the same data. */
  reopen(): Promise<void>;
  cleanup(): Promise<void>;
}

const ada: CalendarTokenHolder = { type: "person", id: "per_0123456789abcdef" };
const key: CalendarTokenHolder = { type: "key", id: "0a1b2c3d4e5f" };
const digest = (char: string) => char.repeat(64);
const record = (holder: CalendarTokenHolder, char: string, issuedAt = "2026-11-28T14:00:00.000Z") =>
  ({ holder, digest: digest(char), issuedAt }) satisfies CalendarTokenRecord;

/** The calendar token store's behaviour, the same on every engine (docs/decisions/258). */
export function describeCalendarTokenStoreContract(name: string, open: () => Promise<CalendarTokenSubject>): void {
  describe(`${name}: calendar tokens`, () => {
    let subject: CalendarTokenSubject;
    beforeEach(async () => {
      subject = await open();
    });
    afterEach(() => subject.cleanup());
    const tokens = () => subject.tokens;

    it("finds an issued token by its digest, also after a reopen, and nothing by another digest", async () => {
      await tokens().issue(record(ada, "a"));
      await tokens().issue(record(key, "b"));
      expect(await tokens().findByDigest(digest("a"))).toEqual(record(ada, "a"));
      await subject.reopen();
      expect(await tokens().findByDigest(digest("a"))).toEqual(record(ada, "a"));
      expect(await tokens().findByDigest(digest("b"))).toEqual(record(key, "b"));
      expect(await tokens().findByDigest(digest("c"))).toBeUndefined();
    });

    it("keeps one token a holder: issuing another revokes the one before", async () => {
      await tokens().issue(record(ada, "a"));
      await tokens().issue(record(ada, "d", "2026-11-29T08:00:00.000Z"));
      expect(await tokens().findByDigest(digest("a"))).toBeUndefined();
      expect(await tokens().findByDigest(digest("d"))).toEqual(record(ada, "d", "2026-11-29T08:00:00.000Z"));
      await subject.reopen();
      expect(await tokens().findByDigest(digest("a"))).toBeUndefined();
      expect(await tokens().findByDigest(digest("d"))).toBeDefined();
    });

    it("revokes a holder's token, and says when there was none", async () => {
      await tokens().issue(record(ada, "a"));
      await tokens().issue(record(key, "b"));
      expect(await tokens().revoke(ada)).toBe(true);
      expect(await tokens().revoke(ada)).toBe(false);
      expect(await tokens().revoke({ type: "person", id: "per_nobody" })).toBe(false);
      expect(await tokens().findByDigest(digest("a"))).toBeUndefined();
      await subject.reopen();
      expect(await tokens().findByDigest(digest("a"))).toBeUndefined();
      expect(await tokens().findByDigest(digest("b"))).toEqual(record(key, "b"));
      // A revoked holder may be issued a token again.
      await tokens().issue(record(ada, "e"));
      expect(await tokens().findByDigest(digest("e"))).toEqual(record(ada, "e"));
    });

    it("answers each of concurrent issues for one holder, leaving exactly one of their tokens", async () => {
      const chars = ["1", "2", "3", "4"];
      await Promise.all(chars.map((char) => tokens().issue(record(ada, char))));
      const found = await Promise.all(chars.map((char) => tokens().findByDigest(digest(char))));
      expect(found.filter(Boolean)).toHaveLength(1);
    });
  });
}
