"use client";

import { useSyncExternalStore } from "react";
import { passkeysAvailableHere } from "@/lib/api-client/passkey-api";

const neverChanges = () => () => {};

/** Whether this page can use passkeys; null while rendered on the server, which cannot tell. */
export function usePasskeysAvailable(): boolean | null {
  return useSyncExternalStore(neverChanges, passkeysAvailableHere, () => null);
}
