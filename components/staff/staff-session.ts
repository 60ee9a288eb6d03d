"use client";

import { useSyncExternalStore } from "react";

/**
 * The staff API key lives only in this tab's sessionStorage: never in the URL, the
 * HTML, a cookie or the query cache, and it is gone when the tab closes.
 */
const STORAGE_KEY = "petstore.staff.apiKey";
const listeners = new Set<() => void>();

function readKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the person simply has to sign in again
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function rememberStaffKey(apiKey: string): void {
  window.sessionStorage.setItem(STORAGE_KEY, apiKey);
  listeners.forEach((listener) => listener());
}

export function forgetStaffKey(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } finally {
    listeners.forEach((listener) => listener());
  }
}

/** The key, null when signed out, undefined while the server renders (it cannot know). */
export function useStaffKey(): string | null | undefined {
  return useSyncExternalStore(subscribe, readKey, () => undefined);
}
