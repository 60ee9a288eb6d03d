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
      this.fields.set(key, existing === undefined ? text : `${existing}, ${text}`);
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

function nameOf(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`invalid header name: ${JSON.stringify(name)}`);
  return name.toLowerCase();
}

function valueOf(value: string): string {
  const text = String(value).replace(EDGE_WHITESPACE, "");
  if (BAD_VALUE.test(text)) throw new TypeError("invalid header value");
  return text;
}
