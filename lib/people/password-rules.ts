import "server-only";
import { dictionary } from "@zxcvbn-ts/language-common";

/*
 * Passwords too easy to guess, whatever their length (OWASP ASVS 2.1.7, NIST SP 800-63B
 * 5.1.1.2: check new passwords against lists of commonly used or breached ones). The list is
 * zxcvbn-ts's "passwords-common" (@zxcvbn-ts/language-common: about 49,000 of the most
 * common passwords from public breach corpora, ranked), offline; it is read once, at the
 * first password set. Most of it is shorter than our 12 characters, so a common password
 * padded with digits or symbols ("password1234", "dragon!!!!!!") counts as the common
 * password it is, and so do trivial patterns no list needs to hold (docs/decisions/206).
 */

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"]));

/** Why `password` is refused, as the message of its field; undefined when it is fine. */
export function weakPasswordRule(password: string): string | undefined {
  const folded = password.normalize("NFKC").toLowerCase();
  if (isTrivial(folded)) return "is a repeated character, a repeated pattern or a run like 1234…: choose a passphrase";
  if (commonPasswords().has(folded) || commonPasswords().has(stripPadding(folded)))
    return "is one of the most common passwords: choose a passphrase no one else would";
  return undefined;
}

/** A common word's padding: digits and symbols before or after it. */
function stripPadding(password: string): string {
  return password.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
}

/** Fewer than four different characters, one short pattern repeated, or a straight run. */
function isTrivial(password: string): boolean {
  const characters = [...password];
  if (new Set(characters).size < 4) return true;
  for (let unit = 1; unit <= characters.length / 2; unit++) {
    if (
      characters.length % unit === 0 &&
      password ===
        characters
          .slice(0, unit)
          .join("")
          .repeat(characters.length / unit)
    )
      return true;
  }
  return isRun(characters, 1) || isRun(characters, -1);
}

/** Each character the one after the last (abcdef…, 12345…, digits wrapping 9 to 0), or before it. */
function isRun(characters: string[], step: 1 | -1): boolean {
  return characters.every((character, index) => {
    if (index === 0) return true;
    const previous = characters[index - 1]!;
    if (/\d/.test(previous) && /\d/.test(character)) return (Number(previous) + step + 10) % 10 === Number(character);
    return previous.codePointAt(0)! + step === character.codePointAt(0);
  });
}
