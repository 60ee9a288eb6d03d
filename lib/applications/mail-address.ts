/*
 * One mailbox, however its address is written (docs/decisions/208), for counting the mail
 * sent to it: the adopters' per-e-mail budget would otherwise give `kim+1@…`, `Kim@…` and
 * `k.im@gmail.com` a fresh budget each. Used to count only: mail goes to the address as typed.
 */

/** Providers whose addresses ignore dots in the local part, and their one domain. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The address lower-cased; its local part cut at the first `+` (sub-addressing, which Gmail,
 * Outlook, iCloud, Fastmail and Proton deliver to the same mailbox), on every domain: two
 * mailboxes wrongly merged only share a budget. Gmail's dots are dropped and googlemail.com
 * is gmail.com.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll(".", "");
    domain = dotless;
  }
  return `${local}@${domain}`;
}
