import "server-only";
import { defineResourceApi } from "@/lib/api/resource-api";
import { statsResource } from "./stats-resource";
import { getStats, getStatsMatrixCsv, getStatsMembers, getStatsRecordsCsv } from "./stats-api";

/** The statistics' /v1 operations. */
export const statsApi = defineResourceApi(statsResource, [
  getStats,
  getStatsMembers,
  getStatsMatrixCsv,
  getStatsRecordsCsv,
]);
