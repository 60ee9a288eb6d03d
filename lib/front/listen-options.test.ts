import { describe, expect, it } from "vitest";
import { parseListenOptions } from "./listen-options";

describe("npm start's listen options", () => {
  it("defaults to port 3000 on every interface", () => {
    expect(parseListenOptions([], {})).toEqual({ port: 3000, hostname: undefined });
  });

  it("reads PORT, and -p / -H like next start", () => {
    expect(parseListenOptions([], { PORT: "4000" })).toEqual({ port: 4000, hostname: undefined });
    expect(parseListenOptions(["-p", "5000", "-H", "127.0.0.1"], { PORT: "4000" })).toEqual({
      port: 5000,
      hostname: "127.0.0.1",
    });
    expect(parseListenOptions(["--port=5001", "--hostname=::1"], {})).toEqual({ port: 5001, hostname: "::1" });
  });

  it.each([[["-p", "http"]], [["-p", "70000"]], [["--turbo"]], [["-H", ""]]])("refuses %j", (args) => {
    expect(() => parseListenOptions(args, {})).toThrow();
  });
});
