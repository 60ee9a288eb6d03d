import * as z from "zod";
import { ApplicantEmail } from "@/lib/applications/schemas";
import { lineText } from "./fields";

/*
 * Who brought an animal, who took it, who fosters it: a person or an agency, by name and
 * contact. Personal data under the applications' rules (docs/decisions/191): it lives only in
 * a record's `personal` part, which erasure removes; events, logs and metrics never carry it.
 */

export const PARTY_LIMITS = { name: 200, phone: 30, address: 300 } as const;

export const Party = z
  .strictObject({
    name: lineText(PARTY_LIMITS.name).meta({ description: "A person's or an agency's name" }),
    phone: lineText(PARTY_LIMITS.phone)
      .regex(/^[+()\d\s.-]*$/, { error: "must be a phone number: digits, spaces, + ( ) - ." })
      .optional(),
    email: ApplicantEmail.optional(),
    address: lineText(PARTY_LIMITS.address).optional(),
  })
  .meta({
    id: "RecordParty",
    description: "A name and how to reach them. Personal data: never logged, never in events.",
  });
export type Party = z.infer<typeof Party>;
