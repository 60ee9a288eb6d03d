// Everything the interactive reference needs, in one chunk the page loads only when asked
// (docs/decisions/220): Scalar (1.3 MB of script), its styles and ours for it.
import "@/lib/api-client/zod-without-eval";
import "@scalar/api-reference/style.css";
import "./api-reference.css";
import { createApiReference } from "@scalar/api-reference";
import { REFERENCE_CONFIGURATION } from "./reference-configuration";

/** Draws the reference into `element`; answers how to take it down. */
export function mountScalar(element: HTMLElement): () => void {
  const reference = createApiReference(element, REFERENCE_CONFIGURATION);
  return () => reference.destroy();
}
