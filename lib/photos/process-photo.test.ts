import { describe, expect, it } from "vitest";
import { widthsFor } from "./process-photo";

describe("widthsFor", () => {
  it("keeps the fixed widths narrower than the image, and its own width up to the widest", () => {
    expect(widthsFor(4000)).toEqual([320, 640, 960, 1280, 1600]);
    expect(widthsFor(1600)).toEqual([320, 640, 960, 1280, 1600]);
    expect(widthsFor(900)).toEqual([320, 640, 900]);
    expect(widthsFor(640)).toEqual([320, 640]);
    expect(widthsFor(200)).toEqual([200]);
  });
});
