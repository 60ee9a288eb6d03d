import { ApiError } from "@/lib/api/api-error";
import { isServerUnreachable } from "@/lib/api-client/server-unreachable";

/** What the console says when an order change fails: 409s say who won and where things stand. */
export function orderFailureMessage(error: unknown, what: string): string {
  if (error instanceof ApiError && error.status === 409) {
    if (error.code === "pet_not_available") {
      return `Could not ${what}: someone else changed this pet first. It is ${error.currentStatus ?? "no longer available"} now.`;
    }
    return `Could not ${what}: someone else changed this order first. It is ${error.currentStatus ?? "changed"} now.`;
  }
  if (isServerUnreachable(error)) {
    return `Could not ${what}: the server cannot be reached. Nothing was changed; try again once it is back.`;
  }
  return `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`;
}
