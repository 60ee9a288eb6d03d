#!/usr/bin/env node
// Builds the app into its own folder, serves it with `npm start` on port 3104 (LIGHTHOUSE_PORT)
// from a temporary data directory with a few seeded pets, each available one with photos
// (issue 24 measures the pages with photos), runs Lighthouse (mobile preset) on /, one animal's
// page, its apply form, an application's status page (one application sent through that form),
// /staff, /staff/sign-in, /docs and the public statistics, /stats, over a year of stays
// (PETSTORE_PUBLIC_STATS=on) (PAGES="/,/docs" to choose),
// prints the category scores, LCP and CLS, the page weight and the first-load JavaScript of each page, then stops
// the server it started (by PID). Nothing here touches another build or server.
//
//   npm run lighthouse                 build, then measure
//   SKIP_BUILD=1 npm run lighthouse    measure the existing .next-lighthouse build
//   RUNS=5 npm run lighthouse          runs per page; the run with the median performance
//                                      score is reported (Lighthouse's advice for noisy hosts)
//   PHOTOS=0 npm run lighthouse        seed the pets without photos
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

// LIGHTHOUSE_PORT lets several checkouts measure side by side.
const PORT = Number(process.env.LIGHTHOUSE_PORT) || 3104;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-lighthouse";
// "/pets/{id}" is measured on the newest seeded available animal; "/applications/{token}" on an
// application for it, sent through its form.
const PAGES = (
  process.env.PAGES || "/,/pets/{id},/pets/{id}/apply,/applications/{token},/staff,/staff/sign-in,/docs,/stats"
).split(",");
const REPORT_DIR = "artifacts/lighthouse"; // full JSON reports, gitignored
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const RUNS = Math.max(1, Number(process.env.RUNS) || 3);
const PHOTOS_PER_PET = process.env.PHOTOS === "0" ? 0 : 2;
const SEED = [
  ["Biscuit", 1, "available"],
  ["Luna", 2, "available"],
  ["Milo", 1, "available"],
  ["Pepper", 3, "available"],
  ["Nala", 2, "available"],
  ["Oscar", 4, "available"],
  ["Bramble", 2, "pending"],
  ["Waffles", 3, "sold"],
];

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
  return result;
}

async function waitForHealth(server, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy within 60 s");
}

/** A 1600 × 1200 photo-like JPEG (a camera's upload is larger; the stored sizes are the same), its colours from `n`. */
async function makePhoto(n) {
  const { default: sharp } = await import("sharp");
  const [light, dark] = [`hsl(${(n * 47) % 360}, 55%, 65%)`, `hsl(${(n * 47 + 160) % 360}, 35%, 25%)`];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><radialGradient id="g"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="760" cy="640" rx="380" ry="300" fill="#8b5a2b"/>
    <circle cx="640" cy="560" r="50" fill="#111"/><circle cx="880" cy="560" r="50" fill="#111"/></svg>`;
  const grain = await sharp({
    create: { width: 1600, height: 1200, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Adds PHOTOS_PER_PET photos to the pet, waiting as a client would while the photo queue is full (503). */
async function addPhotos(apiKey, petId, first) {
  for (let n = first; n < first + PHOTOS_PER_PET; n++) {
    const body = await makePhoto(n);
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${ORIGIN}/v1/pets/${petId}/photos`, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "image/jpeg" },
        body,
      });
      if (response.status === 201) break;
      if (response.status !== 503 || attempt >= 20) {
        throw new Error(`adding a photo to pet ${petId}: ${response.status} ${await response.text()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Seeds the pets, the available ones with photos; answers the id of the last available one, for "/pets/{id}". */
async function seed(apiKey) {
  let availableId;
  let photos = 0;
  for (const [name, categoryId, status] of SEED) {
    // On a loaded machine a create can time out (408) or lose its socket; the Idempotency-Key
    // makes the retry safe: it gets the first answer, or creates the pet once.
    const idempotencyKey = randomBytes(16).toString("hex");
    let response;
    for (let attempt = 1; attempt <= 3; attempt++) {
      response = await fetch(`${ORIGIN}/v1/pets`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": idempotencyKey,
        },
        body: JSON.stringify({ name, categoryId, status }),
      }).catch((error) => (attempt < 3 ? undefined : Promise.reject(error)));
      if (response && response.status !== 408 && response.status !== 409) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (response.status !== 201) throw new Error(`seeding ${name}: ${response.status} ${await response.text()}`);
    if (status !== "available") continue;
    availableId = (await response.json()).id;
    await addPhotos(apiKey, availableId, photos);
    photos += PHOTOS_PER_PET;
  }
  return availableId;
}

/** POSTs JSON with the key, retried on a lost socket or a 408 under load; answers the parsed body. */
async function postJson(apiKey, pathname, body) {
  const idempotencyKey = randomBytes(16).toString("hex");
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${ORIGIN}${pathname}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${apiKey}`,
        "Content-Type": "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify(body),
    }).catch((error) => (attempt < 3 ? undefined : Promise.reject(error)));
    if (response && response.status !== 408 && response.status !== 409) {
      if (!response.ok) throw new Error(`POST ${pathname}: ${response.status} ${await response.text()}`);
      return response.json();
    }
    if (attempt >= 3) throw new Error(`POST ${pathname}: ${response?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * A year of stays for /stats: three unlisted animals arriving each of the last twelve full
 * months (UTC, the server's zone), two of them leaving a few days later, so every month and
 * the rates have figures to show.
 */
async function seedStays(apiKey) {
  const now = new Date();
  for (let back = 1; back <= 12; back++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    for (let n = 0; n < 3; n++) {
      const pet = await postJson(apiKey, "/v1/pets", { name: `Stay ${month} ${n}`, categoryId: 1 + n, listed: false });
      const intake = { at: `${month}-0${3 + n}T12:00:00Z`, type: n === 1 ? "relinquished_by_owner" : "stray" };
      const stay = await postJson(apiKey, `/v1/pets/${pet.id}/stays`, {
        ...intake,
        condition: "healthy",
        sourceKind: "unknown",
      });
      if (n < 2) {
        const outcome = n === 0 ? { type: "returned_to_owner" } : { type: "transferred_out", subtype: "in_state" };
        await postJson(apiKey, `/v1/stays/${stay.id}/outcome`, { at: `${month}-2${n}T12:00:00Z`, ...outcome });
      }
    }
  }
}

/** Applies for the animal through its form, as a browser would; answers the status link's token. */
async function apply(petId) {
  const form = await (await fetch(`${ORIGIN}/pets/${petId}/apply`)).text();
  const formStamp = /name="formStamp" value="([^"]+)"/.exec(form)?.[1];
  if (!formStamp) throw new Error("the apply form carries no stamp");
  const fields = {
    name: "Lighthouse Reader",
    email: "lighthouse.reader@example.org",
    adults: "2",
    homeType: "house",
    tenure: "own",
    garden: "private",
    hoursAlone: "3",
    experience: "We have had dogs for twenty years.",
    whyThisAnimal: "Calm, and loves long walks like we do.",
    consentToContact: "on",
    website: "",
    formStamp,
  };
  const sent = await fetch(`${ORIGIN}/pets/${petId}/apply`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  const token = /^\/applications\/([A-Za-z0-9_-]+)\?submitted$/.exec(sent.headers.get("location") ?? "")?.[1];
  if (!token) throw new Error(`applying: ${sent.status} ${(await sent.text()).slice(0, 300)}`);
  return token;
}

/** fetch, retried: the server may close an idle keep-alive socket just as it is reused. */
async function get(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** The JavaScript a first visit downloads: every script the page's HTML references. */
async function firstLoadJs(page) {
  const html = await (await get(ORIGIN + page)).text();
  // nomodule scripts are legacy polyfills that current browsers skip.
  const tags = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/\bnomodule\b/i.test(tag));
  const sources = [...new Set(tags.map((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1]).filter(Boolean))];
  let raw = 0;
  let gzip = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await get(new URL(source.replaceAll("&amp;", "&"), ORIGIN))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { scripts: sources.length, raw, gzip };
}

// Lighthouse's trace sometimes fails on a sound page (NO_NAVSTART, NO_FCP): such a run is
// retried, at most this many times per measurement, and the retry is printed.
const ATTEMPTS = 3;

/** One Lighthouse run; answers the report, or why it failed. */
function lighthouseOnce(page, outputPath) {
  rmSync(outputPath, { force: true });
  const result = spawnSync(
    bin("lighthouse"),
    [
      ORIGIN + page,
      "--quiet",
      "--output=json",
      `--output-path=${outputPath}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { cwd: root, env: { ...env, CHROME_PATH }, stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" },
  );
  process.stderr.write(result.stderr ?? "");
  const report = existsSync(outputPath) ? JSON.parse(readFileSync(outputPath, "utf8")) : undefined;
  if (report?.runtimeError) return { failure: report.runtimeError.code };
  if (result.status !== 0 || !report) {
    const code = /\b([A-Z][A-Z_]{4,})\b/.exec(result.stderr ?? "")?.[1];
    return { failure: code ?? `exit status ${result.status}` };
  }
  return { report };
}

/** One measured run of a page, retried when Lighthouse itself fails; counts the retries. */
function lighthouse(page, outputPath, retries) {
  for (let attempt = 1; ; attempt++) {
    const { report, failure } = lighthouseOnce(page, outputPath);
    if (report) return report;
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${page}: ${failure}`);
    retries.push(`${page}: run failed (${failure}); retrying, attempt ${attempt + 1} of ${ATTEMPTS}`);
    console.log(retries.at(-1));
  }
}

/** Audits that cost points, so a score below target says what to fix. */
function shortfalls(report) {
  const lines = [];
  for (const id of CATEGORIES) {
    for (const ref of report.categories[id].auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        lines.push(`  ${id}: ${ref.id} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
  return lines;
}

async function main() {
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  if (!process.env.SKIP_BUILD) {
    run(bin("next"), ["build"]);
    run(process.execPath, [path.join(root, "scripts/build-front-server.mjs")]);
  }

  mkdirSync(path.join(root, REPORT_DIR), { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), "petstore-lighthouse-"));
  const apiKey = randomBytes(24).toString("base64url");
  // `npm start`, the front server, as users run it.
  const server = spawn(
    process.execPath,
    [path.join(root, "scripts/start-front-server.mjs"), "-p", String(PORT), "-H", "127.0.0.1"],
    {
      cwd: root,
      env: { ...env, PETSTORE_DATA_DIR: dataDir, PETSTORE_API_KEYS: apiKey, PETSTORE_PUBLIC_STATS: "on" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  try {
    await waitForHealth(server);
    const petId = await seed(apiKey);
    const token = PAGES.some((page) => page.includes("{token}")) ? await apply(petId) : "";
    if (PAGES.includes("/stats")) await seedStays(apiKey);
    const pages = PAGES.map((page) => page.replace("{id}", String(petId)).replace("{token}", token));
    // A fresh server loads each route's code on its first request; a real one is warm.
    for (const page of pages) for (let i = 0; i < 3; i++) await (await get(ORIGIN + page)).text();
    const rows = [];
    const notes = [];
    const retries = [];
    for (const page of pages) {
      const name =
        page === "/"
          ? "home"
          : page
              .slice(1)
              .replaceAll("/", "-")
              .replace(token || "\0", "token");
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        runs.push(lighthouse(page, path.join(root, REPORT_DIR, `${name}-${run}.json`), retries));
      }
      runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const report = runs[Math.floor(runs.length / 2)];
      const performanceRange = runs.map((run) => Math.round(run.categories.performance.score * 100)).join("/");
      const js = await firstLoadJs(page);
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(report.categories[id].score * 100)]));
      // The status link's token is the application's only key: the table names the route instead.
      const shown = token ? page.replace(token, "{token}") : page;
      rows.push({
        page: shown,
        ...scores,
        "performance runs": performanceRange,
        "CPU benchmark": Math.round(report.environment.benchmarkIndex),
        LCP: report.audits["largest-contentful-paint"].displayValue,
        CLS: report.audits["cumulative-layout-shift"].displayValue,
        TBT: report.audits["total-blocking-time"].displayValue,
        // Every byte the page loaded (Lighthouse's total-byte-weight, as transferred): unlike the
        // column after it, this counts code a page imports after it starts, as /docs loads its reference.
        "page weight": `${(report.audits["total-byte-weight"].numericValue / 1024).toFixed(0)} kB`,
        "first-load JS (gzip)": `${(js.gzip / 1024).toFixed(1)} kB in ${js.scripts} files`,
      });
      notes.push(...shortfalls(report).map((line) => `${shown}${line}`));
    }
    console.table(rows);
    if (notes.length) console.log(`Audits below full marks:\n${notes.join("\n")}`);
    if (retries.length) console.log(`Lighthouse runs retried (${retries.length}):\n  ${retries.join("\n  ")}`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
