import * as z from "zod";

/**
 * A person's role (docs/decisions/185), without what it lets them do (./roles.ts): the people's
 * events name it, and their declaration is read by the scope list that ./roles.ts reads.
 */
export const ROLES = ["admin", "staff", "volunteer"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
