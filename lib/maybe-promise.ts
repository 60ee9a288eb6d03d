/**
 * A value now, or a promise of it when it has to wait (a first load, a re-read, a database
 * round trip). The request path passes these along instead of awaiting: a warm cache then
 * answers without a promise, and every promise is paid for on each request while Next's
 * async context tracking runs in the process (docs/decisions/112).
 */
export type MaybePromise<T> = T | Promise<T>;

/** `next(value)` now when the value is here, after it when it is a promise. */
export function thenMaybe<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
