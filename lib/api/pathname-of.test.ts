import { describe, expect, it } from "vitest";
import { pathnameOf } from "./pathname-of";

describe("the path of the adapter's absolute URL", () => {
  it.each([
    ["http://localhost:3000/v1/pets?limit=1", "/v1/pets"],
    ["http://localhost/v1/pets/", "/v1/pets/"],
    ["http://127.0.0.1:80/v1/pets/%zz?x=/y", "/v1/pets/%zz"],
    ["http://[::1]:3000/v1#frag", "/v1"],
    ["https://h/v1?", "/v1"],
  ])("%s → %s, as new URL() says", (url, pathname) => {
    expect(pathnameOf(url)).toBe(pathname);
    expect(new URL(url).pathname).toBe(pathname);
  });
});
