import { describe, expect, it } from "vitest";
import { compileV1Routes, v1Segments } from "./match-v1-route";

const pets = { name: "pets" };
const pet = { name: "pet" };
const doc = { name: "doc" };
const rest = { name: "rest" };
const match = compileV1Routes([
  { folder: "[[...path]]", module: rest },
  { folder: "pets/[petId]", module: pet },
  { folder: "openapi.json", module: doc },
  { folder: "pets", module: pets },
]);

function route(pathname: string) {
  const found = match(v1Segments(pathname));
  return found && { module: (found.module as { name: string }).name, params: found.params };
}

describe("matching /v1 paths to route folders", () => {
  it.each([
    ["/v1/pets", "pets"],
    ["/v1/pets/", "pets"],
    ["/v1/openapi.json", "doc"],
    ["/v1/pets/42", "pet"],
    ["/v1/pets/42/", "pet"],
  ])("%s → %s, whatever order the table lists them in", (pathname, name) => {
    expect(route(pathname)?.module).toBe(name);
  });

  it.each([
    "/v1",
    "/v1/",
    "/v1/nope",
    "/v1/PETS",
    "/v1/pets/1/extra",
    "/v1//pets",
    "/v1/pets//",
    "/v1/pet%73",
    "/v1/openapi%2Ejson",
  ])("%s falls to the catch-all", (pathname) => {
    expect(route(pathname)?.module).toBe("rest");
  });

  it("decodes params, as Next hands them to handlers", () => {
    expect(route("/v1/pets/%31")?.params).toEqual({ petId: "1" });
    expect(route("/v1/pets/a%20b")?.params).toEqual({ petId: "a b" });
    expect(route("/v1/pets/1%2F2")?.params).toEqual({ petId: "1/2" });
  });

  it("gives a catch-all its segments, and no param when there are none", () => {
    expect(route("/v1/a/b%2Fc")?.params).toEqual({ path: ["a", "b/c"] });
    expect(route("/v1")?.params).toEqual({});
  });

  it("finds nothing when no route fits and there is no catch-all", () => {
    const strict = compileV1Routes([{ folder: "pets", module: pets }]);
    expect(strict(v1Segments("/v1/nope"))).toBeUndefined();
    expect(strict(v1Segments("/v1/pets/1"))).toBeUndefined();
  });
});
