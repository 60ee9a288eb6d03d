import type { NewReturn, Stay } from "./stay-schemas";
import { lastStayOf, openStay, openStayOf } from "./stay-rules";
import { NotAdoptedError, SecondOpenStayError } from "./record-errors";

/*
 * An adopted animal brought back opens a new stay of type `returned_adoption`; SAC counts it
 * as relinquished by owner (./sac-mapping.ts). The adoption stays what it was: its stay keeps
 * its outcome, so the month it happened still counts it (docs/decisions/250).
 */
export function returnFromAdoption(stays: readonly Stay[], input: NewReturn, ids: { id: number; petId: number }): Stay {
  const open = openStayOf(stays);
  if (open) throw new SecondOpenStayError(open.id);
  if (lastStayOf(stays)?.outcome?.type !== "adoption") throw new NotAdoptedError();
  return openStay(
    stays,
    {
      at: input.at,
      type: "returned_adoption",
      condition: input.condition,
      // The adopter brings the animal back: a person, named (if at all) only in `personal`.
      sourceKind: "person",
      ...(input.personal ? { personal: input.personal } : {}),
    },
    ids,
  );
}
