/** An Authorization header split into its scheme and the credentials after it. */
export interface AuthorizationParts {
  scheme: string;
  /** Everything after the run of spaces or tabs that ends the scheme, trailing ones trimmed. */
  credentials: string;
}

/**
 * RFC 9110 §11.4: `credentials = auth-scheme [ 1*SP ( token68 / … ) ]`. One left-to-right
 * scan, so the cost is linear in the header's length whatever it holds: this runs before
 * any key check, for anyone. (A regex with a lazy group before `\s*$` backtracked
 * quadratically: 16,000 spaces cost half a second of CPU.)
 */
export function parseAuthorization(header: string): AuthorizationParts | undefined {
  let start = 0;
  let end = header.length;
  while (start < end && isSpaceOrTab(header.charCodeAt(start))) start++;
  while (end > start && isSpaceOrTab(header.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;
  let schemeEnd = start;
  while (schemeEnd < end && !isSpaceOrTab(header.charCodeAt(schemeEnd))) schemeEnd++;
  let credentialsStart = schemeEnd;
  while (credentialsStart < end && isSpaceOrTab(header.charCodeAt(credentialsStart))) credentialsStart++;
  return { scheme: header.slice(start, schemeEnd), credentials: header.slice(credentialsStart, end) };
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}
