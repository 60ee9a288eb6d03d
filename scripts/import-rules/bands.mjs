/**
 * The bands of the import rules (.dependency-cruiser.mjs, docs/decisions/238), each one regular
 * expression over a module's path. Kept apart from the rules so that a unit test can check that
 * every module of the app is in exactly one band (bands.test.ts).
 */

import { readdirSync } from "node:fs";

/**
 * The folders of lib/ that are not a resource's: the HTTP layer, the browser's client, the
 * front server, the storage engines (lib/store) and the composition root that opens the stores
 * on them (lib/composition), operating, the errors' and dates' leaves, the staff console's
 * server reads. Every other folder of lib/ is a resource's (or a shared
 * domain helper's, like paging), so a new resource's folder needs no line here.
 */
const NOT_RESOURCES = new Set([
  "api",
  "api-client",
  "composition",
  "dates",
  "errors",
  "front",
  "ops",
  "react-query",
  "staff",
  "store",
]);
const RESOURCES = readdirSync(new URL("../../lib/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_RESOURCES.has(entry.name))
  .map((entry) => entry.name)
  .sort();
const RESOURCE_FOLDERS = `lib/(?:${RESOURCES.join("|")})/`;

const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const files = (...paths) => paths.map((path) => `${escape(path)}$`);

/**
 * Modules of a resource folder that reach a store (directly or through another): the use
 * cases and each resource's store opener. A new module that reaches a store is named
 * `*-service.ts` (SERVICE_ROLE, below) or belongs here; the check fails until it is either,
 * since a domain module may not import a service.
 */
export const SERVICES = files(
  "lib/composition/index.ts",
  "lib/composition/database-pools.ts",
  "lib/animal-record/calendar-feed.ts",
  "lib/ops/timed-store.ts",
  "lib/animal-record/record-retention.ts",
  "lib/animal-record/stays.ts",
  "lib/animal-record/medical.ts",
  "lib/applications/animal-gone.ts",
  "lib/applications/application-mail.ts",
  "lib/applications/applications.ts",
  "lib/applications/apply-limits.ts",
  "lib/applications/note-authors.ts",
  "lib/applications/provide-adopter-desk.ts",
  "lib/applications/retention.ts",
  "lib/applications/secrets.ts",
  "lib/audit/read-audit.ts",
  "lib/events/feed.ts",
  "lib/events/index.ts",
  "lib/gallery/category-names.ts",
  "lib/gallery/list-available-pets.ts",
  "lib/gallery/list-gallery-pages.ts",
  "lib/gallery/look-up-pet.ts",
  "lib/gallery/provide-adopter-reads.ts",
  "lib/gallery/with-pet-photos.ts",
  "lib/keys/holder-scopes.ts",
  "lib/keys/issued-keys.ts",
  "lib/keys/open-key-store.ts",
  "lib/mail-outbox/mail-outbox.ts",
  "lib/orders/update-order.ts",
  "lib/people/accounts.ts",
  "lib/people/link-status.ts",
  "lib/people/passkeys/passkey-sign-in.ts",
  "lib/people/passkeys/passkeys.ts",
  "lib/people/people.ts",
  "lib/people/person-caller.ts",
  "lib/people/sessions.ts",
  "lib/people/sign-in-limits.ts",
  "lib/people/sign-in.ts",
  "lib/people/user-command.ts",
  "lib/photos/index.ts",
  "lib/photos/serve-photo.ts",
  "lib/rate-limit/get-rate-limiter.ts",
  "lib/stats/statistics.ts",
  "lib/stats/public-statistics.ts",
  "lib/webhooks/endpoints.ts",
);

/** Explicit members of the other bands (highest precedence). */
const BASE_FILES = [
  ...files(
    "lib/clock.ts",
    "lib/close-in-stages.ts",
    "lib/config.ts",
    "lib/durable-file.ts",
    "lib/maybe-promise.ts",
    "lib/process-singleton.ts",
    "lib/request-nonce.ts",
    "lib/static-security-headers.json",
  ),
  // Logging and metrics: every band logs.
  "lib/ops/(?:batched-stdout|body-bytes|global-slot|log-request|log-security|logger|metrics|readiness|route-pattern)\\.ts$",
];
// The keys' file lock and the photos' read cache on PostgreSQL: parts of their adapters.
const ENGINE_FILES = files("lib/keys/key-file-lock.ts", "lib/photos/photo-cache.ts");
/**
 * The composition root (docs/decisions/314): the all-in-one port it hands out is a port (domain),
 * its opening of the stores a service (SERVICES), the rest the all-in-one adapters (engines).
 */
const COMPOSITION_PORT = files("lib/composition/pet-store.ts");
const HTTP_FILES = files("lib/gallery/gallery-response.ts");
const FRONT_FILES = files("lib/staff/first-view.ts", "lib/staff/key-tab-cookie.ts");
const EXPLICIT = [...SERVICES, ...BASE_FILES, ...ENGINE_FILES, ...HTTP_FILES, ...FRONT_FILES];

/**
 * File-name roles (second precedence): a resource's adapters and its storage declaration (its
 * file parts and store openers, docs/decisions/305), its services and its HTTP handlers.
 */
// One pattern a depth (a resource's folder, or one folder in it): dependency-cruiser refuses nested repeats.
const ADAPTER_ROLE = [
  `${RESOURCE_FOLDERS}(?:file|postgres)-[a-z-]+\\.ts$`,
  `${RESOURCE_FOLDERS}[a-z-]+/(?:file|postgres)-[a-z-]+\\.ts$`,
  `${RESOURCE_FOLDERS}[a-z-]*resource-storage\\.ts$`,
  `${RESOURCE_FOLDERS}[a-z-]+/[a-z-]*resource-storage\\.ts$`,
].join("|");
const SERVICE_ROLE = [
  `${RESOURCE_FOLDERS}[a-z-]+-service\\.ts$`,
  `${RESOURCE_FOLDERS}[a-z-]+/[a-z-]+-service\\.ts$`,
].join("|");
const HTTP_ROLE = [`${RESOURCE_FOLDERS}[a-z-]+-api\\.ts$`, `${RESOURCE_FOLDERS}[a-z-]+/[a-z-]+-api\\.ts$`].join("|");

/** A band: modules matching `include`, less every module an `exclude` pattern claims for another band. */
const band = (include, exclude = []) =>
  exclude.length === 0 ? `^(?:${include.join("|")})` : `^(?!(?:${exclude.join("|")}))(?:${include.join("|")})`;

export const BANDS = {
  base: band(["lib/errors/", "lib/dates/", ...BASE_FILES]),
  domain: band(
    [RESOURCE_FOLDERS, "lib/store/[^/]+\\.ts$", ...COMPOSITION_PORT],
    [...EXPLICIT, ADAPTER_ROLE, SERVICE_ROLE, HTTP_ROLE],
  ),
  engines: band(
    ["lib/store/(?:file|postgres)/", "lib/composition/", ADAPTER_ROLE, ...ENGINE_FILES],
    [...SERVICES, ...COMPOSITION_PORT],
  ),
  services: band([...SERVICES, SERVICE_ROLE]),
  http: band(["lib/api/", HTTP_ROLE, ...HTTP_FILES], [...EXPLICIT.filter((p) => !HTTP_FILES.includes(p))]),
  front: band(
    [
      "lib/front/",
      "lib/api-client/",
      "lib/react-query/",
      "app/",
      "pages/",
      "components/",
      "proxy\\.ts$",
      ...FRONT_FILES,
    ],
    [],
  ),
  top: band(
    [
      "lib/ops/",
      "lib/(?:server-start|start-node-server|start-failure|shutdown-owner)\\.ts$",
      "server\\.ts$",
      "instrumentation\\.ts$",
      "scripts/",
    ],
    BASE_FILES.concat(files("lib/ops/timed-store.ts")),
  ),
};
export const ORDER = Object.keys(BANDS);

/**
 * What the PostgreSQL and file engines offer a resource: pools, change feeds, asynchronous
 * commits, the lock's owner, the store's logger. (Events in a transaction are the events'
 * own adapters, lib/events/postgres-event-queries.ts and file-event-part.ts: a resource's
 * module, which the band rules govern.)
 */
export const ENGINE_ENTRY_POINTS = files(
  "lib/store/postgres/pool.ts",
  "lib/store/postgres/pools.ts",
  "lib/store/postgres/async-commit.ts",
  "lib/store/postgres/change-feed.ts",
  // An id past its column's range as 409 id_space_exhausted (it still names the pets', orders'
  // and categories' constraints: docs/decisions/314 leaves it for them to plug in).
  "lib/store/postgres/id-limits.ts",
  "lib/store/file/lock-owner.ts",
  "lib/store/file/logger.ts",
  // The file system and layout a part's adopt (engine/part.ts AdoptContext) reads older files with.
  "lib/store/file/fs-layer.ts",
  "lib/store/file/layout.ts",
  // The file engine's part API (docs/decisions/245, 251): what a resource's part is written
  // against (Part, its ids, a line's encoding) and the engine its file adapter writes through.
  "lib/store/file/engine/part.ts",
  "lib/store/file/engine/ids.ts",
  "lib/store/file/engine/file-engine.ts",
  "lib/store/file/line-codec.ts",
);

/**
 * The file engine (docs/decisions/245): its folder and the primitives beside it that it is
 * built of. None imports a resource: a resource is a part the registry (lib/composition/file-parts.ts)
 * plugs in, so the next resource touches no file here.
 */
export const FILE_ENGINE = [
  "lib/store/file/engine/",
  ...files(
    ...[
      "checksum",
      "commit-record",
      "compaction",
      "fs-layer",
      "group-commit",
      "journal",
      "layout",
      "line-codec",
      "line-reader",
      "lock",
      "lock-owner",
      "logger",
    ].map((name) => `lib/store/file/${name}.ts`),
  ),
];
