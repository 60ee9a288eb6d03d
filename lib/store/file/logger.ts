/** Where the store reports recoveries (torn tails, stale locks, failed compactions). */
export interface StoreLogger {
  warn(message: string): void;
  info(message: string): void;
}

export const consoleLogger: StoreLogger = {
  warn: (message) => console.warn(message),
  info: (message) => console.info(message),
};
