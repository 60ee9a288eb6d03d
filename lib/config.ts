import "server-only";
import path from "node:path";
import * as z from "zod";
import { B64TOKEN } from "@/lib/api/b64token";
import { parseTrustedProxies, type TrustedProxies as ProxyList } from "@/lib/rate-limit/trusted-proxies";
import { parseAddressPolicy, type AddressPolicy } from "@/lib/webhooks/address-policy";
import { MAIL_RETRY_SCHEDULE_MS } from "@/lib/applications/mail-retry";
import { DEFAULT_RETRY_SCHEDULE_MS, parseRetrySchedule } from "@/lib/webhooks/retry-schedule";

/** Shortest bearer key accepted: a shorter one can be guessed, and is likely a typo. */
export const MIN_API_KEY_LENGTH = 16;

const DataDir = z
  .string()
  .default("./data")
  // The ignore comment keeps Turbopack from tracing the whole project for this runtime path.
  .transform((dir) => path.resolve(/* turbopackIgnore: true */ process.cwd(), dir));

// Messages name an entry by its position, never by its text: the text is a secret.
const ApiKeyList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((key) => key.trim())
      .filter((key) => key.length > 0),
  )
  .superRefine((keys, context) => {
    keys.forEach((key, index) => {
      if (key.length < MIN_API_KEY_LENGTH) {
        context.addIssue({
          code: "custom",
          message: `entry ${index + 1} is shorter than ${MIN_API_KEY_LENGTH} characters`,
        });
      } else if (!B64TOKEN.test(key)) {
        context.addIssue({
          code: "custom",
          message: `entry ${index + 1} is not an RFC 6750 bearer token (letters, digits and - . _ ~ + /, then any "=")`,
        });
      }
    });
  });

const Port = z
  .string()
  .default("3000")
  .refine((value) => /^[0-9]{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
    message: "is not a port number from 1 to 65535",
  })
  .transform(Number);

// Its text is never quoted back: it may hold a password.
const DatabaseUrl = z
  .string()
  .refine((value) => /^postgres(?:ql)?:\/\/./.test(value), { message: "is not a postgres:// or postgresql:// URL" })
  .optional();

/**
 * The open data's licence (docs/decisions/268): an SPDX id of a common open-data licence, or
 * an https address followed by the licence's name. Unset, the page names none.
 */
export const OPEN_DATA_LICENCES: Readonly<Record<string, { name: string; url: string }>> = {
  "CC-BY-4.0": { name: "Creative Commons Attribution 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  "CC-BY-SA-4.0": {
    name: "Creative Commons Attribution-ShareAlike 4.0",
    url: "https://creativecommons.org/licenses/by-sa/4.0/",
  },
  "CC0-1.0": { name: "CC0 1.0 (public domain)", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
  "ODbL-1.0": { name: "Open Database License 1.0", url: "https://opendatacommons.org/licenses/odbl/1-0/" },
  "ODC-By-1.0": { name: "Open Data Commons Attribution 1.0", url: "https://opendatacommons.org/licenses/by/1-0/" },
  "PDDL-1.0": {
    name: "Open Data Commons Public Domain Dedication 1.0",
    url: "https://opendatacommons.org/licenses/pddl/1-0/",
  },
  "OGL-UK-3.0": {
    name: "Open Government Licence 3.0",
    url: "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
  },
};
const LICENCE_ERROR = `is not one of ${Object.keys(OPEN_DATA_LICENCES).join(", ")}, nor an https:// address followed by the licence's name`;

const StatsLicence = z
  .string()
  .optional()
  .transform((value, context): { name: string; url: string } | undefined => {
    const text = value?.trim();
    if (!text) return undefined;
    const known = OPEN_DATA_LICENCES[text];
    if (known) return known;
    const [, url, name] = /^(https:\/\/\S+)\s+(\S.*)$/.exec(text) ?? [];
    if (url && name && URL.canParse(url)) return { name: name.trim(), url };
    context.addIssue({ code: "custom", message: LICENCE_ERROR });
    return z.NEVER;
  });

function text(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value) => value.trim());
}

// A mailto: address only; anything else would make a broken or misleading "Ask about" link.
const Email = z
  .string()
  .default("adopt@petstore.example")
  .transform((value) => value.trim())
  .refine((email) => /^[^\s@<>"?&#/]+@[^\s@<>"?&#/]+$/.test(email), {
    message: "must be one e-mail address, such as adopt@example.org",
  });

// An address mail is sent to or from, when set: one plain address.
const OptionalEmail = z
  .string()
  .transform((value) => value.trim())
  .refine((email) => /^[^\s@<>"?&#/]+@[^\s@<>"?&#/]+$/.test(email), {
    message: "must be one e-mail address, such as adopt@example.org",
  })
  .optional();

// Its text is never quoted back: it may hold a password (docs/decisions/195).
const SmtpUrl = z
  .string()
  .refine((value) => /^smtps?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
    message: "is not an smtp:// or smtps:// URL",
  })
  .optional();

// The origin every link names (docs/decisions/151 and 201): scheme and host, nothing after them.
const PublicUrl = z
  .string()
  .transform((value) => value.trim().replace(/\/+$/, ""))
  .refine((value) => /^https?:\/\/[^\s/?#@]+$/.test(value) && URL.canParse(value), {
    message: "must be the site's address, such as https://pets.example.org",
  })
  .transform((value) => new URL(value).origin)
  .optional();

// An IANA zone the runtime knows (Intl), so every day the record decides is the shelter's (docs/decisions/250).
const TimeZone = z
  .string()
  .default("UTC")
  .transform((value) => value.trim())
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: "is not a time zone, such as America/Chicago or Europe/London" },
  );

const LogLevel = z
  .string()
  .default("info")
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => ["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(value), {
    message: "is not one of fatal, error, warn, info, debug, trace, silent",
  })
  .transform((value) => value as "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent");

// Proxies whose X-Forwarded-For is believed; none by default (docs/decisions/125).
const TrustedProxies = z
  .string()
  .default("")
  .transform((value, context): ProxyList => {
    const parsed = parseTrustedProxies(value);
    if ("error" in parsed) context.addIssue({ code: "custom", message: parsed.error });
    return "error" in parsed ? { entries: [], has: () => false } : parsed;
  });

// Off unless set: metrics say how busy the service is, so they are opt-in (docs/decisions/102).
const MetricsPort = z
  .string()
  .refine((value) => /^[0-9]{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
    message: "is not a port number from 1 to 65535",
  })
  .transform(Number)
  .optional();

// Deliveries reach public addresses only unless an operator names private ranges (docs/decisions/166).
const WebhookAllowPrivate = z
  .string()
  .default("")
  .transform((value, context): AddressPolicy => {
    const parsed = parseAddressPolicy(value);
    if ("error" in parsed)
      context.addIssue({ code: "custom", message: `is not "all" or a CIDR list: ${parsed.error}` });
    return "error" in parsed ? { allows: () => false, description: "", setting: value } : parsed;
  });

// A retry schedule, `5s,5m,30m` (docs/decisions/165); tests shorten it.
function retrySchedule(fallback: readonly number[]) {
  return z
    .string()
    .optional()
    .transform((value, context): readonly number[] => {
      if (value === undefined) return fallback;
      const parsed = parseRetrySchedule(value);
      if ("error" in parsed) context.addIssue({ code: "custom", message: parsed.error });
      return "error" in parsed ? [] : parsed;
    });
}

function onOff(fallback: "on" | "off") {
  return z
    .string()
    .default(fallback)
    .refine((value) => value === "on" || value === "off", { message: 'is not "on" or "off"' })
    .transform((value) => value === "on");
}

function wholeNumber(fallback: number, min: number, max: number) {
  return z
    .string()
    .default(String(fallback))
    .refine((value) => /^[0-9]{1,7}$/.test(value) && Number(value) >= min && Number(value) <= max, {
      message: `is not a whole number from ${min} to ${max}`,
    })
    .transform(Number);
}

function optionalWholeNumber(min: number, max: number) {
  return z
    .string()
    .refine((value) => /^[0-9]{1,8}$/.test(value) && Number(value) >= min && Number(value) <= max, {
      message: `is not a whole number from ${min} to ${max}`,
    })
    .transform(Number)
    .optional();
}

/**
 * Every setting the server reads, one line each: the name code uses, the environment
 * variable it comes from, and its rule and default. docs/configuration.md's table mirrors
 * this (tests/docs/reference-drift.test.ts checks that every variable is there).
 */
const SETTINGS = {
  /** Where the file store keeps pets, its lock and the generated API key. */
  dataDir: { variable: "PETSTORE_DATA_DIR", schema: DataDir },
  /** Comma-separated bearer keys; when unset, a key is generated into the data directory. */
  apiKeys: { variable: "PETSTORE_API_KEYS", schema: ApiKeyList },
  /** The port `next start` listens on (Next itself reads it, and also checks it). */
  port: { variable: "PORT", schema: Port },
  /** `npm start`: how long a client has to send its request headers (docs/decisions/139). */
  headersTimeoutSeconds: { variable: "PETSTORE_HEADERS_TIMEOUT_SECONDS", schema: wholeNumber(10, 1, 3_600) },
  /** `npm start`: how long a client has to send its whole request, body included; at least the headers' time. */
  requestTimeoutSeconds: { variable: "PETSTORE_REQUEST_TIMEOUT_SECONDS", schema: wholeNumber(30, 1, 3_600) },
  /** `npm start`: how long an idle keep-alive connection stays open (sent as `Keep-Alive: timeout=`). */
  keepAliveTimeoutSeconds: { variable: "PETSTORE_KEEPALIVE_TIMEOUT_SECONDS", schema: wholeNumber(5, 1, 3_600) },
  /**
   * `npm start`: open connections per process; past it, a new connection is closed at once.
   * Unset: the process's open-files limit less a reserve for the store (lib/front/server-limits.ts).
   */
  maxConnections: { variable: "PETSTORE_MAX_CONNECTIONS", schema: optionalWholeNumber(1, 10_000_000) },
  /** postgres://… selects the PostgreSQL store (shared by several instances); unset, the file store. */
  databaseUrl: { variable: "PETSTORE_DATABASE_URL", schema: DatabaseUrl },
  /** PostgreSQL connections per instance. */
  databasePoolMax: { variable: "PETSTORE_DATABASE_POOL_MAX", schema: wholeNumber(10, 1, 1000) },
  /** How long to wait for the database at start; 0 exits at once (docs/decisions/042). */
  databaseWaitSeconds: { variable: "PETSTORE_DATABASE_WAIT_SECONDS", schema: wholeNumber(0, 0, 3600) },
  /** "How to adopt" on each animal's page (docs/decisions/071). */
  shelterAddress: { variable: "PETSTORE_SHELTER_ADDRESS", schema: text("The Pet Store shelter") },
  shelterHours: { variable: "PETSTORE_SHELTER_HOURS", schema: text("Every day, 10:00 to 16:00") },
  adoptionEmail: { variable: "PETSTORE_ADOPTION_EMAIL", schema: Email },
  /** The shelter's time zone: the animal record's days (intake's day, foster days, what is due today) are its. */
  timeZone: { variable: "PETSTORE_TIME_ZONE", schema: TimeZone },
  /** /stats, /stats.csv and /stats.json: the last 12 months' figures for the public (docs/decisions/268). */
  publicStats: { variable: "PETSTORE_PUBLIC_STATS", schema: onOff("off") },
  /** The licence the public statistics are published under (docs/decisions/268). */
  statsLicence: { variable: "PETSTORE_STATS_LICENCE", schema: StatsLicence },
  /**
   * The site's address as people reach it: every link the server hands out and every origin
   * check use it; unset, the listening address (lib/origin/public-origin.ts, docs/decisions/201).
   */
  publicUrl: { variable: "PETSTORE_PUBLIC_URL", schema: PublicUrl },
  /** Requests each API key may make per rate-limit window; 0 turns the limit off (docs/decisions/091). */
  rateLimit: { variable: "PETSTORE_RATE_LIMIT", schema: wholeNumber(600, 0, 1_000_000) },
  /** The rate-limit window, in seconds. */
  rateLimitWindowSeconds: { variable: "PETSTORE_RATE_LIMIT_WINDOW_SECONDS", schema: wholeNumber(60, 1, 86_400) },
  /** How long failed staff sign-ins are counted, aligned to the clock (docs/decisions/205). */
  signInWindowMinutes: { variable: "PETSTORE_SIGN_IN_WINDOW_MINUTES", schema: wholeNumber(15, 1, 1_440) },
  /** Failed authentications allowed per client address per window; 0 turns the limit off. */
  authFailureLimit: { variable: "PETSTORE_AUTH_FAILURE_LIMIT", schema: wholeNumber(20, 0, 1_000_000) },
  /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client; none by default. */
  trustedProxies: { variable: "PETSTORE_TRUSTED_PROXIES", schema: TrustedProxies },
  /** How long an Idempotency-Key's first answer is kept, in hours. */
  idempotencyTtlHours: { variable: "PETSTORE_IDEMPOTENCY_TTL_HOURS", schema: wholeNumber(24, 1, 8_760) },
  /** How long the event log keeps events (GET /v1/events, webhooks), in days: docs/decisions/161. */
  eventRetentionDays: { variable: "PETSTORE_EVENT_RETENTION_DAYS", schema: wholeNumber(30, 1, 3_650) },
  /** Lowest level logged (JSON lines on stdout; docs/decisions/100). */
  logLevel: { variable: "PETSTORE_LOG_LEVEL", schema: LogLevel },
  /** Serves Prometheus metrics on this port, apart from the app's; unset, no metrics server. */
  metricsPort: { variable: "PETSTORE_METRICS_PORT", schema: MetricsPort },
  /** The address the metrics server binds: loopback unless an operator opens it (docs/decisions/102). */
  metricsHost: { variable: "PETSTORE_METRICS_HOST", schema: text("127.0.0.1") },
  /** Whether this instance sends webhook deliveries ("on", the default, or "off"): lib/webhooks/. */
  webhookDelivery: { variable: "PETSTORE_WEBHOOK_DELIVERY", schema: onOff("on") },
  /** Private address ranges deliveries may reach besides public ones: a CIDR list, or "all" (docs/decisions/166). */
  webhookAllowPrivate: { variable: "PETSTORE_WEBHOOK_ALLOW_PRIVATE", schema: WebhookAllowPrivate },
  /** Waits between delivery attempts, such as `5s,5m,30m`; unset, about three days in nine steps (docs/decisions/165). */
  webhookRetrySchedule: {
    variable: "PETSTORE_WEBHOOK_RETRY_SCHEDULE",
    schema: retrySchedule(DEFAULT_RETRY_SCHEDULE_MS),
  },
  /** How long a receiver has to answer one delivery, in seconds (at most 15). */
  webhookTimeoutSeconds: { variable: "PETSTORE_WEBHOOK_TIMEOUT_SECONDS", schema: wholeNumber(10, 1, 15) },
  /** Deliveries this instance sends at once. */
  webhookConcurrency: { variable: "PETSTORE_WEBHOOK_CONCURRENCY", schema: wholeNumber(32, 1, 1_000) },
  /** Deliveries this instance starts per second at most (docs/decisions/198). */
  webhookRate: { variable: "PETSTORE_WEBHOOK_RATE", schema: wholeNumber(1_000, 1, 1_000_000) },
  /** A staff session ends after this many hours without use (docs/decisions/189). */
  sessionIdleHours: { variable: "PETSTORE_SESSION_IDLE_HOURS", schema: wholeNumber(12, 1, 720) },
  /** A staff session ends this many days after sign-in, however much it is used. */
  sessionMaxDays: { variable: "PETSTORE_SESSION_MAX_DAYS", schema: wholeNumber(7, 1, 365) },
  /** Whether volunteers may place orders (hold an animal for an adopter); "off" by default (docs/decisions/185). */
  volunteersPlaceOrders: { variable: "PETSTORE_VOLUNTEERS_PLACE_ORDERS", schema: onOff("off") },
  /** Days an application's personal data is kept after its decision (docs/decisions/191). */
  applicationRetentionDays: { variable: "PETSTORE_APPLICATION_RETENTION_DAYS", schema: wholeNumber(180, 1, 3_650) },
  /** Days a closed stay keeps who brought and took the animal, its carers and notes (docs/decisions/253). */
  recordRetentionDays: { variable: "PETSTORE_RECORD_RETENTION_DAYS", schema: wholeNumber(365, 1, 3_650) },
  /** Applications one client address may send per hour through the adopters' form; 0 turns it off (docs/decisions/194). */
  applicationsPerAddress: { variable: "PETSTORE_APPLICATIONS_PER_ADDRESS", schema: wholeNumber(20, 0, 1_000_000) },
  /** Mails the form sends one applicant's mailbox a day (never a refusal); 0 turns it off (docs/decisions/208). */
  applicationsPerEmail: { variable: "PETSTORE_APPLICATIONS_PER_EMAIL", schema: wholeNumber(3, 0, 1_000_000) },
  /** smtp://user:password@host:587 (or smtps://): e-mails adopters and the shelter; unset, nothing is sent (docs/decisions/195). */
  smtpUrl: { variable: "PETSTORE_SMTP_URL", schema: SmtpUrl },
  /** Where the shelter's notice of a new application goes; unset, PETSTORE_ADOPTION_EMAIL. */
  shelterEmail: { variable: "PETSTORE_SHELTER_EMAIL", schema: OptionalEmail },
  /** The From: of the application e-mails; unset, PETSTORE_ADOPTION_EMAIL. */
  mailFrom: { variable: "PETSTORE_MAIL_FROM", schema: OptionalEmail },
  /** When an e-mail the mail server refused for now (or could not be reached for) is tried again; see MAIL_RETRY_SCHEDULE_MS. */
  mailRetrySchedule: { variable: "PETSTORE_MAIL_RETRY_SCHEDULE", schema: retrySchedule(MAIL_RETRY_SCHEDULE_MS) },
} satisfies Record<string, { variable: string; schema: z.ZodType<unknown, string | undefined> }>;

export type Config = { [Name in keyof typeof SETTINGS]: z.output<(typeof SETTINGS)[Name]["schema"]> } & {
  /** Tests only: scrypt's N for new password hashes, below production's (see testPasswordN). */
  testPasswordN: number | undefined;
};

/**
 * PETSTORE_TEST_PASSWORD_COST: a cheaper scrypt N for the project's own test servers, which
 * hash hundreds of passwords (docs/decisions/236). It is deliberately not a setting: a server
 * refuses to start with it unless Vitest started it (Vitest's runner sets VITEST=true, and the
 * servers the tests spawn inherit it), so production hashes at full strength
 * (lib/people/password.ts) whatever else its environment says.
 */
export const TEST_PASSWORD_COST_VARIABLE = "PETSTORE_TEST_PASSWORD_COST";
function testPasswordN(env: Record<string, string | undefined>, problems: string[]): number | undefined {
  const value = env[TEST_PASSWORD_COST_VARIABLE];
  if (!value) return undefined;
  if (env.VITEST !== "true") {
    problems.push(`${TEST_PASSWORD_COST_VARIABLE} is for the project's tests only (under Vitest), never a server's`);
    return undefined;
  }
  const n = Number(value);
  // Powers of two from 2^10 to 2^16: cheaper than production's 2^17, never more (a test
  // cannot mean it), never so cheap that scrypt refuses it.
  if (!/^[0-9]{4,5}$/.test(value) || n < 2 ** 10 || n > 2 ** 16 || (n & (n - 1)) !== 0) {
    problems.push(`${TEST_PASSWORD_COST_VARIABLE} is not a power of two from 1024 to 65536`);
    return undefined;
  }
  return n;
}

/** A configuration the server must not start with; the message never quotes a value. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration: ${problems.join("; ")}.`);
    this.name = "ConfigError";
  }
}

/** Parses every setting from `env`; an empty variable counts as unset. Throws ConfigError. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, { variable, schema }] of Object.entries(SETTINGS)) {
    const result = schema.safeParse(env[variable] || undefined);
    if (result.success) values[name] = result.data;
    else problems.push(...result.error.issues.map((issue) => `${variable} ${issue.message}`));
  }
  // Node refuses a server whose request timeout is shorter than its headers timeout.
  if (Number(values.requestTimeoutSeconds) < Number(values.headersTimeoutSeconds))
    problems.push("PETSTORE_REQUEST_TIMEOUT_SECONDS is below PETSTORE_HEADERS_TIMEOUT_SECONDS");
  // E-mails carry links read far from the server: only the operator can say where it is reached.
  if (values.smtpUrl !== undefined && values.publicUrl === undefined)
    problems.push(
      "PETSTORE_SMTP_URL is set without PETSTORE_PUBLIC_URL, the site's address the links in its e-mails name (such as https://pets.example.org)",
    );
  values.testPasswordN = testPasswordN(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return values as Config;
}

/** This process's settings, parsed once when first imported. */
export const config: Config = parseConfig(process.env);
