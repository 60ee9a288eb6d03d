import { ApiError } from "@/lib/api/api-error";

/**
 * True when the request never got an answer (server stopped, network down): fetch rejects
 * with a TypeError then, whereas every answer the API gives becomes an ApiError.
 */
export function isServerUnreachable(error: unknown): boolean {
  return error instanceof TypeError && !(error instanceof ApiError);
}
