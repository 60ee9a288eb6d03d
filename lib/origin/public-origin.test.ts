import { describe, expect, it } from "vitest";
import { publicOriginFrom } from "./public-origin";

describe("the public origin", () => {
  it("is PETSTORE_PUBLIC_URL when set, whatever the server listens on, and accepts nothing else", () => {
    expect(publicOriginFrom({ publicUrl: "https://pets.example.org", port: 3000, hostname: "127.0.0.1" })).toEqual({
      origin: "https://pets.example.org",
      source: "configured",
      accepted: ["https://pets.example.org"],
    });
  });

  it("is derived from the port, and localhost when the server listens on every interface", () => {
    for (const hostname of [undefined, "", "0.0.0.0", "::", "[::]"]) {
      expect(publicOriginFrom({ publicUrl: undefined, port: 3000, hostname }), String(hostname)).toEqual({
        origin: "http://localhost:3000",
        source: "derived",
        accepted: ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"],
      });
    }
  });

  it("names the host given with -H, and accepts the other loopback names of the same port only for a loopback host", () => {
    expect(publicOriginFrom({ publicUrl: undefined, port: "4101", hostname: "127.0.0.1" })).toEqual({
      origin: "http://127.0.0.1:4101",
      source: "derived",
      accepted: ["http://127.0.0.1:4101", "http://localhost:4101", "http://[::1]:4101"],
    });
    expect(publicOriginFrom({ publicUrl: undefined, port: 8080, hostname: "::1" }).origin).toBe("http://[::1]:8080");
    expect(publicOriginFrom({ publicUrl: undefined, port: 8080, hostname: "Pets.Internal" })).toEqual({
      origin: "http://pets.internal:8080",
      source: "derived",
      accepted: ["http://pets.internal:8080"],
    });
    expect(publicOriginFrom({ publicUrl: undefined, port: 8080, hostname: "10.0.0.5" }).accepted).toEqual([
      "http://10.0.0.5:8080",
    ]);
    expect(publicOriginFrom({ publicUrl: undefined, port: 8080, hostname: "fd00::5" }).origin).toBe(
      "http://[fd00::5]:8080",
    );
  });

  it("leaves out the default port, as browsers do in Origin", () => {
    expect(publicOriginFrom({ publicUrl: undefined, port: 80 }).accepted).toEqual([
      "http://localhost",
      "http://127.0.0.1",
      "http://[::1]",
    ]);
  });

  it("refuses a listening host that is no host, rather than name a wrong address", () => {
    for (const hostname of ["evil.example/path", "a@b", "host:port:x", "a b", 'x"><'])
      expect(() => publicOriginFrom({ publicUrl: undefined, port: 3000, hostname }), hostname).toThrow(/-H/);
  });
});
