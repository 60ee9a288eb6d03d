"use client";

import { useSyncExternalStore } from "react";
import { isPersonBearer, resumeSession } from "@/lib/api-client/auth-api";
import { KEY_TAB_COOKIE } from "@/lib/staff/key-tab-cookie";

/**
 * The staff API key lives in the sessionStorage of the tabs signed in: never in the URL, the
 * HTML, a cookie, localStorage or the query cache, and it is gone when the last tab closes.
 * A new tab of the same browser (Ctrl+click on "Orders") asks the open ones over a
 * same-origin BroadcastChannel and is handed the key; signing out in one tab signs out all
 * (docs/decisions/146). A person who signed in with their account holds, instead of a key,
 * the bearer of their session (docs/decisions/189); a tab that no other answers asks the
 * server whether the browser's session cookie still holds one.
 */
const STORAGE_KEY = "petstore.staff.apiKey";
const CHANNEL = "petstore.staff.session";
// How long a new tab waits for an open one to answer before it shows the sign-in form.
const ASK_MS = 300;
const listeners = new Set<() => void>();

type Message = { type: "ask" } | { type: "key"; apiKey: string } | { type: "signed-out" };

let channel: BroadcastChannel | null = null;
let asking = false;

function readKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the person simply has to sign in again
  }
}

/** Null when signed out; undefined while this tab is still asking the others. */
function snapshot(): string | null | undefined {
  // Connecting here too (it happens once): a console mounted by client navigation reads the
  // snapshot before it subscribes, and must not flash the sign-in form while the tab asks.
  connect();
  return readKey() ?? (asking ? undefined : null);
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

function keep(apiKey: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, apiKey);
  } catch {
    // storage disabled: this tab cannot keep it
  }
  markKeyTab(apiKey);
}

/** Tells /staff's server render that a tab here holds a key (never the key: ../../lib/staff/key-tab-cookie.ts). */
function markKeyTab(apiKey: string | null): void {
  if (apiKey !== null && isPersonBearer(apiKey)) return; // a person's session cookie says it already
  const lifetime = apiKey === null ? "; Max-Age=0" : "";
  document.cookie = `${KEY_TAB_COOKIE}=1; Path=/staff; SameSite=Strict${lifetime}`;
}

function remove(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

function receive({ data }: MessageEvent<Message>): void {
  if (data?.type === "ask") {
    const apiKey = readKey();
    if (apiKey) channel?.postMessage({ type: "key", apiKey } satisfies Message);
  } else if (data?.type === "key" && asking && typeof data.apiKey === "string") {
    // Only a tab that asked takes a key: a signed-out tab stays signed out.
    asking = false;
    keep(data.apiKey);
    notify();
  } else if (data?.type === "signed-out" && readKey() !== null) {
    remove();
    notify();
  }
}

/** Opens the channel once per tab; a tab without a key asks the others for theirs. */
function connect(): void {
  if (channel || typeof BroadcastChannel === "undefined") return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = receive;
  if (readKey() !== null) return;
  asking = true;
  channel.postMessage({ type: "ask" } satisfies Message);
  window.setTimeout(() => {
    if (!asking) return;
    void resumeSession()
      .then((signedIn) => {
        if (asking && signedIn) keep(signedIn.bearer);
      })
      .catch(() => undefined) // the server cannot say: the sign-in form, as without a session
      .finally(() => {
        asking = false;
        notify();
      });
  }, ASK_MS);
}

function subscribe(listener: () => void): () => void {
  connect();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function rememberStaffKey(apiKey: string): void {
  asking = false;
  window.sessionStorage.setItem(STORAGE_KEY, apiKey);
  markKeyTab(apiKey);
  notify();
}

/** Forgets the key in this tab; `everywhere` signs the browser's other tabs out too. */
export function forgetStaffKey({ everywhere = false } = {}): void {
  try {
    remove();
    if (everywhere) {
      channel?.postMessage({ type: "signed-out" } satisfies Message);
      markKeyTab(null);
    }
  } finally {
    notify();
  }
}

/** The key, null when signed out, undefined while the server renders or the tab asks others. */
export function useStaffKey(): string | null | undefined {
  return useSyncExternalStore(subscribe, snapshot, () => undefined);
}
