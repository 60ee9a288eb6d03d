import { defineResource } from "@/lib/resources/define-resource";

/**
 * The adopters' health summary of an animal (docs/decisions/260), read off its medical
 * record: nothing of its own but its operation (./health-summary-api.ts), under the pets' tag.
 */
export const healthSummaryResource = defineResource({ name: "health-summary", decision: 260 });
