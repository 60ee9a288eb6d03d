import "server-only";
import { randomBytes } from "node:crypto";

/** A new endpoint id: `we_` and 16 hex digits. */
export const newEndpointId = (): string => `we_${randomBytes(8).toString("hex")}`;

/** A new delivery id: `whd_` and 20 hex digits. */
export const newDeliveryId = (): string => `whd_${randomBytes(10).toString("hex")}`;

/** A test ping's message id (a ping is no event: it gets its own). */
export const newPingId = (): string => `msg_${randomBytes(12).toString("hex")}`;
