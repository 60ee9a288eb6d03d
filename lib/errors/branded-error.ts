/** `instanceof` by a process-wide brand, true across Next's bundles (docs/decisions/005). */
export function brandedError(brand: symbol) {
  return class extends Error {
    readonly [brand] = true;
    static [Symbol.hasInstance](value: unknown): boolean {
      return typeof value === "object" && value !== null && brand in value;
    }
  };
}

/**
 * A branded error named `name` (its brand is `petstore.<name>`), whose message the thrower
 * gives. Extend it: `class SignInBusyError extends namedError("SignInBusyError") {}`.
 */
export function namedError(name: string) {
  return class extends brandedError(Symbol.for(`petstore.${name}`)) {
    constructor(message: string) {
      super(message);
      this.name = name;
    }
  };
}

/** A branded error whose message never changes: a refusal worded once, where it is declared. */
export function fixedError(name: string, message: string) {
  return class extends brandedError(Symbol.for(`petstore.${name}`)) {
    constructor() {
      super(message);
      this.name = name;
    }
  };
}
