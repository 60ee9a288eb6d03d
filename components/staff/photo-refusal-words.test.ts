import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { oversizedWords, photoRefusalWords } from "./photo-refusal-words";

describe("photoRefusalWords", () => {
  it("says what to do, with no code, byte count or pixel limit", () => {
    const refusals = [
      new ApiError(415, "unsupported_image", "The body is not a JPEG, PNG or WebP image."),
      new ApiError(422, "invalid_image", "The image cannot be decoded."),
      new ApiError(422, "image_too_large", "The image is 30000 × 2 pixels; no side may be longer than 20,000 pixels."),
      new ApiError(413, "payload_too_large", "The photo is larger than 15728640 bytes."),
      new ApiError(409, "too_many_photos", "This animal has 12 photos, the most it may have; delete one first."),
      new TypeError("Failed to fetch"),
      new ApiError(500, "internal_error", "Internal server error."),
    ];
    const words = refusals.map((error) => photoRefusalWords("rex.heic", error));
    for (const text of [...words, oversizedWords("big.jpg")]) {
      expect(text).not.toMatch(/_|bytes|pixels|\d{4,}|Failed to fetch|decoded|body/);
    }
    expect(words[0]).toBe(
      "rex.heic is not a kind of picture we can use. Choose a JPEG, PNG or WebP photo (most cameras and phones make JPEG).",
    );
    expect(words[2]).toMatch(/^rex\.heic is too big, or too long and narrow.*smaller copy/);
    expect(words[4]).toMatch(/can have 12 photos\. Delete one first\.$/);
    expect(words[5]).toMatch(/server cannot be reached/);
    expect(oversizedWords("big.jpg")).toMatch(/^big\.jpg is too large a file \(over 15 MB\)/);
  });
});
