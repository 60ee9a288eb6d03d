import "server-only";
import type pg from "pg";
import type { Event } from "@/lib/events/event-types";
import { announceEventsAppended } from "@/lib/events/appended";
import type { Database } from "@/lib/store/postgres/pool";
import { appendEvents } from "@/lib/store/postgres/event-queries";
import { PetNotFoundError } from "@/lib/store/order-store";
import type { NewIntake, NewOutcome, Outcome, Stay } from "./stay-schemas";
import type { StayStore, StayWriteOptions } from "./stay-store";
import { closeStay, openStay } from "./stay-rules";
import { stayClosed, stayOpened } from "./stay-events";
import * as q from "./postgres-stay-queries";

/**
 * Stays on PostgreSQL (docs/decisions/251): each write one transaction on the request pool
 * that holds the pet's row, reads its stays as committed, runs the rules, writes the stay and
 * appends its event last, so the two commit together and a refusal rolls both back.
 */
export class PostgresStayStore implements StayStore {
  constructor(private readonly database: Database) {}

  recordIntake(petId: number, intake: NewIntake, { actor }: StayWriteOptions = {}): Promise<Stay> {
    return this.write(petId, async (client, stays, at) => {
      const { rows } = await client.query<{ id: string }>(q.nextStayId);
      const stay = openStay(stays, intake, { id: Number(rows[0]?.id), petId });
      await client.query(q.insertStay(stay));
      return { stay, event: stayOpened(stay, at, actor) };
    });
  }

  recordOutcome(petId: number, outcome: NewOutcome, options: StayWriteOptions & { timeZone: string }): Promise<Stay> {
    return this.write(petId, async (client, stays, at) => {
      const stay = closeStay(stays, outcome, options.timeZone) as Stay & { outcome: Outcome };
      await client.query(q.closeStayRow(stay));
      return { stay, event: stayClosed(stay, at, options.actor) };
    });
  }

  async listStays(petId: number): Promise<Stay[]> {
    return (await this.database.query<q.StayRow>(q.selectPetStays(petId))).rows.map(q.toStay);
  }

  async getStay(id: number): Promise<Stay | undefined> {
    const [row] = (await this.database.query<q.StayRow>(q.selectStay(id))).rows;
    return row && q.toStay(row);
  }

  private async write(
    petId: number,
    decide: (client: pg.PoolClient, stays: Stay[], at: string) => Promise<{ stay: Stay; event: Event }>,
  ): Promise<Stay> {
    const at = new Date().toISOString();
    const done = await this.database.transaction(async (client) => {
      const pet = await client.query(q.lockPet(petId));
      if (pet.rowCount === 0) throw new PetNotFoundError(petId);
      const stays = (await client.query<q.StayRow>(q.selectPetStays(petId))).rows.map(q.toStay);
      const { stay, event } = await decide(client, stays, at);
      const [sequence = -1] = await appendEvents(client, [event]);
      return { stay, sequence };
    });
    // After COMMIT: the feed's readers and webhooks learn of it (as the pet store's withEvents does).
    if (done.sequence > 0) announceEventsAppended(done.sequence);
    return done.stay;
  }
}
