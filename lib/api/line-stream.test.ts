import { describe, expect, it } from "vitest";
import { streamOfLines } from "./line-stream";

describe("streamOfLines", () => {
  it("gives every line, in order, in chunks of about 64 KB", async () => {
    const line = `${"x".repeat(99)}\n`;
    const chunks: Uint8Array[] = [];
    for await (const chunk of streamOfLines(Array.from({ length: 2_000 }, () => line))) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe(line.repeat(2_000));
    expect(chunks.length).toBe(4); // 200,000 bytes
  });

  it("makes lines only as they are read, and stops making them when the reader goes away", async () => {
    let made = 0;
    function* lines() {
      try {
        for (;;) {
          made++;
          yield `${"y".repeat(1023)}\n`;
        }
      } finally {
        made = -made;
      }
    }
    const reader = streamOfLines(lines()).getReader();
    await reader.read();
    expect(made).toBeLessThan(200); // a chunk or two, not the endless rest
    await reader.cancel();
    expect(made).toBeLessThan(0); // the generator was closed
  });
});
