/**
 * The one line a failed start prints, whatever stopped it (configuration, store, keys).
 * Only the error's message: a stack trace says nothing an operator can act on, and no
 * message here quotes a key.
 */
export function describeStartFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Pet Store cannot start: ${message.replace(/\s*[\r\n]+\s*/g, " ").trim()}`;
}
