// RFC 9110 field names are tokens; values may not hold CR, LF or NUL (what the platform's
// Headers refuses, so both throw on the same input).
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[\r\n\0]/;
// The HTTP whitespace the platform's Headers trims from both ends of a value.
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * The Headers of a PlainResponse (the front server's Response): a Map keyed by lower-case
 * name, with the platform's semantics for what handlers do — case-insensitive names,
 * values trimmed and checked, `append` joining with ", " except Set-Cookie, iteration in
 * name order. The platform's Headers validates through WebIDL on every call, which cost
 * more than the rest of a response's headers (docs/decisions/111).
 */
export class PlainHeaders implements Headers {
  private readonly fields = new Map<string, string>();
  private readonly cookies: string[] = [];

  /**
   * A request's fields as Node parsed them (`IncomingMessage.rawHeaders`: name, value, …),
   * joined as the platform's Headers joins them. Node's parser has already refused what
   * the checks in append would, so they are skipped; HTTP/2 pseudo-headers are left out.
   */
  static fromRawHeaders(raw: readonly string[]): PlainHeaders {
    const headers = new PlainHeaders();
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i] as string;
      if (name.charCodeAt(0) === 58 /* : */) continue;
      const key = name.toLowerCase();
      const value = raw[i + 1] as string;
      if (key === "set-cookie") headers.cookies.push(value);
      else {
        const existing = headers.fields.get(key);
        headers.fields.set(key, existing === undefined ? value : `${existing}${separatorOf(key)}${value}`);
      }
    }
    return headers;
  }

  constructor(init?: HeadersInit) {
    if (!init) return;
    const pairs = Symbol.iterator in init ? (init as Iterable<[string, string]>) : Object.entries(init);
    for (const [name, value] of pairs) this.append(name, value);
  }

  append(name: string, value: string): void {
    const key = nameOf(name);
    const text = valueOf(value);
    if (key === "set-cookie") this.cookies.push(text);
    else {
      const existing = this.fields.get(key);
      this.fields.set(key, existing === undefined ? text : `${existing}${separatorOf(key)}${text}`);
    }
  }

  set(name: string, value: string): void {
    const key = nameOf(name);
    const text = valueOf(value);
    if (key === "set-cookie") this.cookies.splice(0, this.cookies.length, text);
    else this.fields.set(key, text);
  }

  get(name: string): string | null {
    const key = nameOf(name);
    if (key === "set-cookie") return this.cookies.length > 0 ? this.cookies.join(", ") : null;
    return this.fields.get(key) ?? null;
  }

  has(name: string): boolean {
    const key = nameOf(name);
    return key === "set-cookie" ? this.cookies.length > 0 : this.fields.has(key);
  }

  delete(name: string): void {
    const key = nameOf(name);
    if (key === "set-cookie") this.cookies.length = 0;
    else this.fields.delete(key);
  }

  /** The fields as `ServerResponse.writeHead` takes them, in the order they were set. */
  toNodeHeaders(): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = Object.fromEntries(this.fields);
    if (this.cookies.length > 0) headers["set-cookie"] = [...this.cookies];
    return headers;
  }

  getSetCookie(): string[] {
    return [...this.cookies];
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): HeadersIterator<[string, string]> {
    const names = [...this.fields.keys()];
    if (this.cookies.length > 0) names.push("set-cookie");
    for (const name of names.sort()) {
      if (name === "set-cookie") for (const cookie of this.cookies) yield [name, cookie];
      else yield [name, this.fields.get(name) as string];
    }
  }

  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }
}

// Handlers use a few dozen names, over and over: each is checked and lower-cased once.
const knownNames = new Map<string, string>();
const MAX_KNOWN_NAMES = 256;

/** How the platform's Headers joins repeated fields: Cookie with "; " (RFC 6265 §5.4), the rest with ", ". */
function separatorOf(key: string): string {
  return key === "cookie" ? "; " : ", ";
}

function nameOf(name: string): string {
  const known = knownNames.get(name);
  if (known !== undefined) return known;
  if (!TOKEN.test(name)) throw new TypeError(`invalid header name: ${JSON.stringify(name)}`);
  const key = name.toLowerCase();
  if (knownNames.size < MAX_KNOWN_NAMES) knownNames.set(name, key);
  return key;
}

// Most values need neither trimming nor refusing: one test finds those that might.
const MAYBE_UNCLEAN = /^[\t\n\r ]|[\t\n\r ]$|[\r\n\0]/;

function valueOf(value: string): string {
  const text = String(value);
  if (!MAYBE_UNCLEAN.test(text)) return text;
  return cleanValueOf(text);
}

function cleanValueOf(value: string): string {
  const text = value.replace(EDGE_WHITESPACE, "");
  if (BAD_VALUE.test(text)) throw new TypeError("invalid header value");
  return text;
}
