/** What a staff action says when it ends: done, or failed and why (shown by ActionNotice). */
export type Notice = { kind: "done" | "failed"; text: string };
