import "server-only";
import path from "node:path";

/**
 * Every setting the server reads, with its default, in one place. The README's
 * configuration table mirrors this file.
 */
export const config = {
  /** Where the file store keeps pets, its lock and the generated API key. */
  // The ignore comment keeps Turbopack from tracing the whole project for this runtime path.
  dataDir: path.resolve(/* turbopackIgnore: true */ process.cwd(), process.env.PETSTORE_DATA_DIR || "./data"),
  /** Comma-separated bearer keys; when unset, a key is generated into the data directory. */
  apiKeys: parseKeyList(process.env.PETSTORE_API_KEYS),
  /** "How to adopt" on each animal's page; see docs/decisions/071-how-to-adopt-by-configuration.md. */
  shelter: {
    address: process.env.PETSTORE_SHELTER_ADDRESS?.trim() || "The Pet Store shelter",
    hours: process.env.PETSTORE_SHELTER_HOURS?.trim() || "Every day, 10:00 to 16:00",
    email: parseEmail(process.env.PETSTORE_ADOPTION_EMAIL),
  },
};

// A mailto: address only; anything else would make a broken or misleading "Ask about" link.
function parseEmail(value: string | undefined): string {
  const email = value?.trim() || "adopt@petstore.example";
  if (!/^[^\s@<>"?&#/]+@[^\s@<>"?&#/]+$/.test(email)) {
    throw new Error("PETSTORE_ADOPTION_EMAIL must be one e-mail address, such as adopt@example.org");
  }
  return email;
}

function parseKeyList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}
