import path from "node:path";
import { MAIL_RETRY_SCHEDULE_MS } from "@/lib/applications/mail-retry";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";
import { DEFAULT_RETRY_SCHEDULE_MS } from "./webhooks/retry-schedule";

const GOOD_KEY = "good-key-0123456789abcdef";

function problemWith(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("gives defaults when nothing is set, and treats an empty variable as unset", () => {
    for (const env of [{}, { PETSTORE_DATA_DIR: "", PETSTORE_API_KEYS: "", PORT: "" }]) {
      expect(parseConfig(env)).toEqual({
        dataDir: path.resolve("./data"),
        apiKeys: [],
        port: 3000,
        headersTimeoutSeconds: 10,
        requestTimeoutSeconds: 30,
        keepAliveTimeoutSeconds: 5,
        maxConnections: undefined,
        databaseUrl: undefined,
        databasePoolMax: 10,
        databaseWaitSeconds: 0,
        shelterAddress: "The Pet Store shelter",
        shelterHours: "Every day, 10:00 to 16:00",
        adoptionEmail: "adopt@petstore.example",
        timeZone: "UTC",
        publicStats: false,
        statsLicence: undefined,
        publicUrl: undefined,
        rateLimit: 600,
        rateLimitWindowSeconds: 60,
        authFailureLimit: 20,
        trustedProxies: expect.objectContaining({ entries: [] }),
        idempotencyTtlHours: 24,
        eventRetentionDays: 30,
        logLevel: "info",
        metricsPort: undefined,
        metricsHost: "127.0.0.1",
        webhookDelivery: true,
        webhookAllowPrivate: expect.objectContaining({ description: "public addresses only" }),
        webhookRetrySchedule: DEFAULT_RETRY_SCHEDULE_MS,
        webhookTimeoutSeconds: 10,
        webhookConcurrency: 32,
        webhookRate: 1_000,
        sessionIdleHours: 12,
        sessionMaxDays: 7,
        signInWindowMinutes: 15,
        volunteersPlaceOrders: false,
        applicationRetentionDays: 180,
        recordRetentionDays: 365,
        applicationsPerAddress: 20,
        applicationsPerEmail: 3,
        smtpUrl: undefined,
        shelterEmail: undefined,
        mailFrom: undefined,
        mailRetrySchedule: MAIL_RETRY_SCHEDULE_MS,
      });
    }
  });

  it("reads every variable", () => {
    const env = {
      PETSTORE_DATA_DIR: "/srv/pets",
      PETSTORE_API_KEYS: ` ${GOOD_KEY} ,,abcdefghijklmnop+/~._-==`,
      PORT: "8080",
      PETSTORE_HEADERS_TIMEOUT_SECONDS: "5",
      PETSTORE_REQUEST_TIMEOUT_SECONDS: "20",
      PETSTORE_KEEPALIVE_TIMEOUT_SECONDS: "65",
      PETSTORE_MAX_CONNECTIONS: "1000",
      PETSTORE_DATABASE_URL: "postgres://app:secret@db:5432/pets",
      PETSTORE_DATABASE_POOL_MAX: "20",
      PETSTORE_DATABASE_WAIT_SECONDS: "60",
      PETSTORE_SHELTER_ADDRESS: " 1 Shelter Lane ",
      PETSTORE_SHELTER_HOURS: "Weekdays 9-5",
      PETSTORE_ADOPTION_EMAIL: "adopt@shelter.example.org",
      PETSTORE_PUBLIC_URL: "https://Pets.Example.org/",
      PETSTORE_RATE_LIMIT: "0",
      PETSTORE_RATE_LIMIT_WINDOW_SECONDS: "1",
      PETSTORE_AUTH_FAILURE_LIMIT: "5",
      PETSTORE_TRUSTED_PROXIES: "::1",
      PETSTORE_IDEMPOTENCY_TTL_HOURS: "48",
      PETSTORE_EVENT_RETENTION_DAYS: "7",
      PETSTORE_LOG_LEVEL: "WARN",
      PETSTORE_METRICS_PORT: "9464",
      PETSTORE_METRICS_HOST: "0.0.0.0",
      PETSTORE_WEBHOOK_DELIVERY: "off",
      PETSTORE_WEBHOOK_ALLOW_PRIVATE: "10.0.0.0/8",
      PETSTORE_WEBHOOK_RETRY_SCHEDULE: "1s,2m",
      PETSTORE_WEBHOOK_TIMEOUT_SECONDS: "15",
      PETSTORE_WEBHOOK_CONCURRENCY: "8",
      PETSTORE_WEBHOOK_RATE: "600",
      PETSTORE_SESSION_IDLE_HOURS: "2",
      PETSTORE_SESSION_MAX_DAYS: "1",
      PETSTORE_SIGN_IN_WINDOW_MINUTES: "60",
      PETSTORE_VOLUNTEERS_PLACE_ORDERS: "on",
      PETSTORE_APPLICATION_RETENTION_DAYS: "30",
      PETSTORE_RECORD_RETENTION_DAYS: "730",
      PETSTORE_APPLICATIONS_PER_ADDRESS: "0",
      PETSTORE_APPLICATIONS_PER_EMAIL: "10",
      PETSTORE_SMTP_URL: "smtps://mailer:secret@mail.example.org:465",
      PETSTORE_SHELTER_EMAIL: " team@shelter.example.org ",
      PETSTORE_MAIL_FROM: "no-reply@shelter.example.org",
      PETSTORE_MAIL_RETRY_SCHEDULE: "2s,10m",
      PETSTORE_TIME_ZONE: " America/Chicago ",
      PETSTORE_PUBLIC_STATS: "on",
      PETSTORE_STATS_LICENCE: "CC0-1.0",
    };
    expect(parseConfig(env)).toEqual({
      dataDir: "/srv/pets",
      apiKeys: [GOOD_KEY, "abcdefghijklmnop+/~._-=="],
      port: 8080,
      headersTimeoutSeconds: 5,
      requestTimeoutSeconds: 20,
      keepAliveTimeoutSeconds: 65,
      maxConnections: 1000,
      databaseUrl: "postgres://app:secret@db:5432/pets",
      databasePoolMax: 20,
      databaseWaitSeconds: 60,
      shelterAddress: "1 Shelter Lane",
      shelterHours: "Weekdays 9-5",
      adoptionEmail: "adopt@shelter.example.org",
      timeZone: "America/Chicago",
      publicStats: true,
      statsLicence: { name: "CC0 1.0 (public domain)", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
      publicUrl: "https://pets.example.org",
      rateLimit: 0,
      rateLimitWindowSeconds: 1,
      authFailureLimit: 5,
      trustedProxies: expect.objectContaining({ entries: ["::1"] }),
      idempotencyTtlHours: 48,
      eventRetentionDays: 7,
      logLevel: "warn",
      metricsPort: 9464,
      metricsHost: "0.0.0.0",
      webhookDelivery: false,
      webhookAllowPrivate: expect.objectContaining({ description: "public addresses and 10.0.0.0/8" }),
      webhookRetrySchedule: [1_000, 120_000],
      webhookTimeoutSeconds: 15,
      webhookConcurrency: 8,
      webhookRate: 600,
      sessionIdleHours: 2,
      sessionMaxDays: 1,
      signInWindowMinutes: 60,
      volunteersPlaceOrders: true,
      applicationRetentionDays: 30,
      recordRetentionDays: 730,
      applicationsPerAddress: 0,
      applicationsPerEmail: 10,
      smtpUrl: "smtps://mailer:secret@mail.example.org:465",
      shelterEmail: "team@shelter.example.org",
      mailFrom: "no-reply@shelter.example.org",
      mailRetrySchedule: [2_000, 600_000],
    });
  });

  it("refuses a time zone the runtime does not know, naming the setting", () => {
    expect(problemWith({ PETSTORE_TIME_ZONE: "Mars/Olympus_Mons" })).toContain("PETSTORE_TIME_ZONE");
    expect(problemWith({ PETSTORE_RECORD_RETENTION_DAYS: "0" })).toContain("PETSTORE_RECORD_RETENTION_DAYS");
  });

  it("refuses a mail server without PETSTORE_PUBLIC_URL, naming both and quoting neither", () => {
    const problem = problemWith({ PETSTORE_SMTP_URL: "smtp://mailer:hunter2@mail.example.org:587" });
    expect(problem).toContain("PETSTORE_SMTP_URL is set without PETSTORE_PUBLIC_URL");
    expect(problem).not.toContain("hunter2");
    const config = parseConfig({
      PETSTORE_SMTP_URL: "smtp://mailer:hunter2@mail.example.org:587",
      PETSTORE_PUBLIC_URL: "https://pets.example.org",
    });
    expect(config.publicUrl).toBe("https://pets.example.org");
  });

  it("refuses a mail server that is not an smtp:// URL without quoting it, and a second address", () => {
    const problem = problemWith({ PETSTORE_SMTP_URL: "http://user:hunter2@mail.example.org" });
    expect(problem).toContain("PETSTORE_SMTP_URL is not an smtp:// or smtps:// URL");
    expect(problem).not.toContain("hunter2");
    expect(problemWith({ PETSTORE_SHELTER_EMAIL: "a@example.org, b@example.org" })).toContain(
      "PETSTORE_SHELTER_EMAIL must be one e-mail address",
    );
  });

  it("refuses a request timeout below the headers timeout, and limits out of range (issue 20, finding 15)", () => {
    expect(problemWith({ PETSTORE_HEADERS_TIMEOUT_SECONDS: "40" })).toContain(
      "PETSTORE_REQUEST_TIMEOUT_SECONDS is below PETSTORE_HEADERS_TIMEOUT_SECONDS",
    );
    expect(problemWith({ PETSTORE_MAX_CONNECTIONS: "0" })).toContain(
      "PETSTORE_MAX_CONNECTIONS is not a whole number from 1 to 10000000",
    );
    expect(problemWith({ PETSTORE_KEEPALIVE_TIMEOUT_SECONDS: "0" })).toContain(
      "PETSTORE_KEEPALIVE_TIMEOUT_SECONDS is not a whole number",
    );
  });

  it("reads trusted proxies as addresses and CIDR ranges, and names a bad entry by position", () => {
    const { trustedProxies } = parseConfig({ PETSTORE_TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8" });
    expect(trustedProxies.entries).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(trustedProxies.has("10.2.3.4")).toBe(true);
    expect(trustedProxies.has("192.0.2.1")).toBe(false);
    expect(problemWith({ PETSTORE_TRUSTED_PROXIES: "127.0.0.1,proxy.internal" })).toContain(
      "PETSTORE_TRUSTED_PROXIES entry 2 is not an IP address or CIDR range",
    );
  });

  it("refuses a webhook timeout over 15 s, a bad retry schedule and a bad private range", () => {
    expect(problemWith({ PETSTORE_WEBHOOK_TIMEOUT_SECONDS: "30" })).toContain("PETSTORE_WEBHOOK_TIMEOUT_SECONDS");
    expect(problemWith({ PETSTORE_WEBHOOK_RETRY_SCHEDULE: "5s,later" })).toContain(
      "PETSTORE_WEBHOOK_RETRY_SCHEDULE entry 2 is not a duration",
    );
    expect(problemWith({ PETSTORE_WEBHOOK_ALLOW_PRIVATE: "intranet" })).toContain("PETSTORE_WEBHOOK_ALLOW_PRIVATE");
  });

  it("refuses an unknown log level and a bad metrics port", () => {
    const message = problemWith({ PETSTORE_LOG_LEVEL: "loud", PETSTORE_METRICS_PORT: "70000" });
    expect(message).toContain("PETSTORE_LOG_LEVEL is not one of fatal, error, warn, info, debug, trace, silent");
    expect(message).toContain("PETSTORE_METRICS_PORT is not a port number from 1 to 65535");
  });

  it.each([
    ["short-key-9", "entry 1 is shorter than 16 characters"],
    [`${GOOD_KEY},123456789012345`, "entry 2 is shorter than 16 characters"],
    ["p@ss!-long-enough-0123", "entry 1 is not an RFC 6750 bearer token"],
    ["spaces inside this key", "entry 1 is not an RFC 6750 bearer token"],
    ["=leading-equals-0123456", "entry 1 is not an RFC 6750 bearer token"],
    ["equals=in-the-middle-01", "entry 1 is not an RFC 6750 bearer token"],
  ])("refuses PETSTORE_API_KEYS=%j, naming the variable and never the key", (keys, reason) => {
    const message = problemWith({ PETSTORE_API_KEYS: keys });
    expect(message).toContain(`PETSTORE_API_KEYS ${reason}`);
    for (const key of keys.split(",")) expect(message).not.toContain(key.trim());
  });

  it.each(["abc", "0", "65536", "80.5", "-1", "0x50", " 80", "123456"])("refuses PORT=%j", (port) => {
    expect(problemWith({ PORT: port })).toContain("PORT is not a port number from 1 to 65535");
  });

  it("refuses a database URL that is not postgres://, without quoting it", () => {
    const message = problemWith({ PETSTORE_DATABASE_URL: "mysql://root:hunter2@db/pets" });
    expect(message).toContain("PETSTORE_DATABASE_URL is not a postgres:// or postgresql:// URL");
    expect(message).not.toContain("hunter2");
  });

  it.each([
    ["PETSTORE_DATABASE_POOL_MAX", "0", "from 1 to 1000"],
    ["PETSTORE_DATABASE_POOL_MAX", "ten", "from 1 to 1000"],
    ["PETSTORE_DATABASE_WAIT_SECONDS", "-5", "from 0 to 3600"],
    ["PETSTORE_DATABASE_WAIT_SECONDS", "1.5", "from 0 to 3600"],
  ])("refuses %s=%j", (variable, value, range) => {
    expect(problemWith({ [variable]: value })).toContain(`${variable} is not a whole number ${range}`);
  });

  it.each(["not-an-address", "two@a.org, three@b.org", "a@b.org?subject=x"])(
    "refuses PETSTORE_ADOPTION_EMAIL=%j",
    (email) => {
      expect(problemWith({ PETSTORE_ADOPTION_EMAIL: email })).toContain(
        "PETSTORE_ADOPTION_EMAIL must be one e-mail address",
      );
    },
  );

  it.each(["pets.example.org", "ftp://pets.example.org", "https://pets.example.org/adopt", "https://a@b.org"])(
    "refuses PETSTORE_PUBLIC_URL=%j",
    (url) => {
      expect(problemWith({ PETSTORE_PUBLIC_URL: url })).toContain("PETSTORE_PUBLIC_URL must be the site's address");
    },
  );

  it("names every bad variable at once", () => {
    const message = problemWith({ PORT: "x", PETSTORE_API_KEYS: "short" });
    expect(message).toMatch(/^Invalid configuration: .*PETSTORE_API_KEYS.*; PORT .*\.$/);
    expect(message).not.toContain("\n");
  });
});

describe("PETSTORE_TEST_PASSWORD_COST (docs/decisions/236)", () => {
  it("leaves production's full-strength hashes when unset or empty", () => {
    expect(parseConfig({}).testPasswordN).toBeUndefined();
    expect(parseConfig({ VITEST: "true", PETSTORE_TEST_PASSWORD_COST: "" }).testPasswordN).toBeUndefined();
  });

  it.each<Record<string, string>>([{}, { VITEST: "false" }, { VITEST: "1" }, { NODE_ENV: "test" }])(
    "refuses to start with it outside Vitest (%j)",
    (env) => {
      expect(problemWith({ ...env, PETSTORE_TEST_PASSWORD_COST: "1024" })).toContain(
        "PETSTORE_TEST_PASSWORD_COST is for the project's tests only",
      );
    },
  );

  it("gives a test server a cheaper N, never production's or more, and only a power of two", () => {
    expect(parseConfig({ VITEST: "true", PETSTORE_TEST_PASSWORD_COST: "1024" }).testPasswordN).toBe(1024);
    for (const value of ["131072", "1000", "512", "2e4", "65535"])
      expect(problemWith({ VITEST: "true", PETSTORE_TEST_PASSWORD_COST: value })).toContain(
        "PETSTORE_TEST_PASSWORD_COST is not a power of two from 1024 to 65536",
      );
  });
});

describe("the public statistics' settings (docs/decisions/268)", () => {
  it("keeps /stats off unless turned on, and refuses anything but on or off", () => {
    expect(parseConfig({}).publicStats).toBe(false);
    expect(parseConfig({ PETSTORE_PUBLIC_STATS: "on" }).publicStats).toBe(true);
    expect(() => parseConfig({ PETSTORE_PUBLIC_STATS: "yes" })).toThrow(/PETSTORE_PUBLIC_STATS is not "on" or "off"/);
  });

  it("takes a licence by its SPDX id, or an https address and a name", () => {
    expect(parseConfig({ PETSTORE_STATS_LICENCE: "CC-BY-4.0" }).statsLicence).toEqual({
      name: "Creative Commons Attribution 4.0",
      url: "https://creativecommons.org/licenses/by/4.0/",
    });
    expect(
      parseConfig({ PETSTORE_STATS_LICENCE: " https://data.example.org/licence  Springfield Open Data Licence " })
        .statsLicence,
    ).toEqual({ name: "Springfield Open Data Licence", url: "https://data.example.org/licence" });
    for (const value of ["MIT", "http://example.org/l Name", "https://example.org/licence"]) {
      expect(() => parseConfig({ PETSTORE_STATS_LICENCE: value })).toThrow(
        /PETSTORE_STATS_LICENCE is not one of CC-BY-4.0/,
      );
    }
  });
});
