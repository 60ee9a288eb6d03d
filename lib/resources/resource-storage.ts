import type { ResourceStorage } from "./define-resource-storage";
import * as declared from "./declared-resource-storage";
import { inResourceOrder } from "./resources";

/**
 * Every declared resource's storage (docs/decisions/305), in the resources' order: the file
 * engine's parts and open steps (lib/composition/file-parts.ts) and the stores
 * (lib/composition/index.ts) are read off it.
 */
export const RESOURCE_STORAGE: readonly ResourceStorage[] = inResourceOrder(
  Object.values(declared) as ResourceStorage[],
  (storage) => storage.resource,
);
