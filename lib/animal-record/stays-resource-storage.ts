import { defineResourceStorage } from "@/lib/resources/define-resource-storage";
import { petsPart } from "@/lib/pets/file-pet-part";
import type { StayStore } from "./stay-store";
import { staysResource } from "./stays-resource";
import { staysPart } from "./file-stay-part";
import { OPEN_MISSING_STAYS, staysMissing } from "./file-stay-flows";

/** The stays on the engines (docs/decisions/251): a file part, and pets from before the record given their first stay (254). */
export const staysStorage = defineResourceStorage<StayStore>(staysResource, {
  fileParts: [staysPart],
  fileOpenSteps: [
    {
      op: OPEN_MISSING_STAYS,
      due: (states) => staysMissing(states.of(staysPart), states.of(petsPart).index.size),
    },
  ],
  store: {
    onFile: async (engine) => new (await import("./file-stay-store")).FileStayStore(engine),
    onPostgres: async ({ requests }) => new (await import("./postgres-stay-store")).PostgresStayStore(requests),
  },
});
