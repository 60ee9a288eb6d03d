import "server-only";
import { defineResourceApi } from "@/lib/api/resource-api";
import { staysResource } from "./stays-resource";
import { getStayRoute, listOpenStaysRoute, listPetStaysRoute, recordIntakeRoute, recordReturnRoute } from "./stays-api";
import { correctIntakeRoute, correctOutcomeRoute, recordOutcomeRoute, withdrawOutcomeRoute } from "./stay-changes-api";
import { changePlacementRoute, placeInFosterRoute } from "./placements-api";

/** The stays' /v1 operations, in the order the document lists them. */
export const staysApi = defineResourceApi(staysResource, [
  listPetStaysRoute,
  recordIntakeRoute,
  recordReturnRoute,
  listOpenStaysRoute,
  getStayRoute,
  recordOutcomeRoute,
  correctIntakeRoute,
  correctOutcomeRoute,
  withdrawOutcomeRoute,
  placeInFosterRoute,
  changePlacementRoute,
]);
