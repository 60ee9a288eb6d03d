import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused connection", withCode("ECONNREFUSED")],
    ["statement_timeout", withCode("57014", "canceling statement due to statement timeout")],
    ["server shutting down", withCode("57P01")],
    ["too many connections", withCode("53300")],
    ["connection failure class", withCode("08006")],
    ["disk full on the server", withCode("53100")],
    ["pool acquire timeout", new Error("timeout exceeded when trying to connect")],
    ["connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["client-side query timeout", new Error("Query read timeout")],
    ["every address refused", new AggregateError([withCode("ECONNREFUSED")], "")],
  ])("%s is unavailability (503)", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a check constraint", withCode("23514")],
    ["a syntax error (a bug)", withCode("42601")],
    ["bad password", withCode("28P01")],
    ["no such database", withCode("3D000")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("%s is not", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
