import { describe, expect, it } from "vitest";
import { EmailTakenError, LastActiveAdminError, PEOPLE_REFUSALS, isPeopleRefusal } from "./people-errors";

describe("the staff accounts' refusals", () => {
  it("are told apart (each has its own brand) and from other errors", () => {
    expect(new EmailTakenError()).toBeInstanceOf(EmailTakenError);
    expect(new EmailTakenError()).not.toBeInstanceOf(LastActiveAdminError);
    expect(new LastActiveAdminError()).not.toBeInstanceOf(EmailTakenError);
    expect(new EmailTakenError()).toBeInstanceOf(Error);
  });

  it("are what `npm run users` prints as a message rather than a fault", () => {
    for (const Refusal of PEOPLE_REFUSALS) {
      const refusal =
        Refusal.length === 0 ? new (Refusal as new () => Error)() : new Refusal("x" as never, [] as never);
      expect(isPeopleRefusal(refusal)).toBe(true);
    }
    expect(isPeopleRefusal(new Error("ENOSPC"))).toBe(false);
    expect(isPeopleRefusal("last_admin")).toBe(false);
  });
});
