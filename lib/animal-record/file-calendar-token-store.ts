import "server-only";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { CalendarTokenHolder, CalendarTokenRecord } from "./calendar-token";
import type { CalendarTokenStore } from "./calendar-token-store";
import { calendarTokensPart, type CalendarTokenOp } from "./file-calendar-token-part";

/** Calendar tokens on the file engine: each write an op of its unit of work, reads from memory. */
export class FileCalendarTokenStore implements CalendarTokenStore {
  constructor(private readonly engine: FileEngine) {}

  async issue(record: CalendarTokenRecord): Promise<void> {
    const op: CalendarTokenOp = { kind: "issue-calendar-token", token: record };
    await this.engine.write(op);
  }

  revoke(holder: CalendarTokenHolder): Promise<boolean> {
    const op: CalendarTokenOp = { kind: "revoke-calendar-token", holder };
    return this.engine.write<boolean>(op);
  }

  async findByDigest(digest: string): Promise<CalendarTokenRecord | undefined> {
    return structuredClone(this.engine.states.of(calendarTokensPart).withDigest(digest));
  }
}
