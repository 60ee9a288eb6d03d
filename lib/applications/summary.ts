import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { OrderId } from "@/lib/orders/schemas";
import { ApplicationId, ApplicationState } from "./states";
import type { ApplicationRecord } from "./schemas";

const Timestamp = z.iso.datetime().meta({ description: "RFC 3339, UTC" });

/** An application as events, the audit and metrics see it: no answers, notes, reasons or digests. */
export const ApplicationSummary = z
  .object({
    id: ApplicationId,
    petId: PetId,
    state: ApplicationState,
    source: z.enum(["form", "staff"]),
    suspect: z.boolean().meta({ description: "The spam checks flagged it (the reasons are shown to staff only)" }),
    orderId: OrderId.optional().meta({ description: "The order approval placed" }),
    submittedAt: Timestamp,
    updatedAt: Timestamp,
    decidedAt: Timestamp.optional(),
    erasedAt: Timestamp.optional().meta({ description: "When its personal data was erased" }),
  })
  .meta({ description: "An adoption application without its personal data" });
export type ApplicationSummary = z.infer<typeof ApplicationSummary>;

export function summaryOf(record: ApplicationRecord): ApplicationSummary {
  const { id, petId, state, source, suspect, orderId, submittedAt, updatedAt, decidedAt, erasedAt } = record;
  return {
    id,
    petId,
    state,
    source,
    suspect: suspect.length > 0,
    ...(orderId === undefined ? {} : { orderId }),
    submittedAt,
    updatedAt,
    ...(decidedAt === undefined ? {} : { decidedAt }),
    ...(erasedAt === undefined ? {} : { erasedAt }),
  };
}
