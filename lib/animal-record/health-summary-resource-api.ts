import "server-only";
import { defineResourceApi } from "@/lib/api/resource-api";
import { healthSummaryResource } from "./health-summary-resource";
import { getPetHealthSummary } from "./health-summary-api";

/** The adopters' health summary over /v1. */
export const healthSummaryApi = defineResourceApi(healthSummaryResource, [getPetHealthSummary]);
