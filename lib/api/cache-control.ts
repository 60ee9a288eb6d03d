/** Per caller and changing with every create; uncompressed on purpose (docs/decisions/004). */
export const API_CACHE_CONTROL = "no-store, no-transform";
