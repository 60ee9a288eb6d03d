#!/usr/bin/env node
// How the staff console and /docs arrive on a slow connection (issue 40, item 16; decisions 219
// and 220). Serves the existing build (`npm run build` first) with `npm start` on port 3105
// (BENCH_PORT) from a temporary data directory with a few seeded pets and one signed-in staff
// member, then opens each page in Chromium throttled through CDP (Network.emulateNetworkConditions:
// 2 s latency, 50 kB/s down and up, as the issue measured) and prints, per page, when its first
// meaningful content showed, when it was ready to use, and the bytes it moved (scripts and in
// all), then stops the server it started (by PID). Figures, not a test: nothing here asserts.
//
//   npm run bench:slow-console                 every page
//   PAGES=/docs npm run bench:slow-console     some of them (/staff, /staff-signed-out, /docs)
//   LATENCY_MS=400 KBPS=200 npm run bench:slow-console   another connection
//   LIST_SCRIPTS=1 npm run bench:slow-console  also lists each page's scripts (bytes, and whether before "ready")
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const PORT = Number(process.env.BENCH_PORT) || 3105;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const LATENCY_MS = Number(process.env.LATENCY_MS) || 2000;
const BYTES_PER_SECOND = (Number(process.env.KBPS) || 50) * 1000;
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const PAGES = (process.env.PAGES || "/staff,/staff-signed-out,/docs").split(",");
// Each page's first meaningful content and its "ready": what a person came for, then what lets them act.
const MEASURES = {
  "/staff": {
    url: "/staff",
    signedIn: true,
    // The pet's row (its name is the row's header), whoever rendered it.
    first: (page) => page.getByRole("table").getByRole("rowheader", { name: "Biscuit" }),
    ready: (page) => page.getByRole("button", { name: "Sign out" }),
  },
  "/staff-signed-out": {
    url: "/staff",
    signedIn: false,
    first: (page) => page.getByRole("heading", { name: "Sign in" }),
    ready: (page) => page.getByRole("button", { name: "Sign in", exact: true }),
  },
  "/docs": {
    url: "/docs",
    signedIn: false,
    first: (page) => page.getByRole("heading", { name: "Operations at a glance" }),
    // Ready: the button that opens the reference (decision 220), or the reference itself where it opens unasked.
    ready: (page) =>
      page
        .getByRole("button", { name: "Open the interactive reference" })
        .or(page.getByRole("main", { name: "API documentation for Pet Store API" })),
  },
};
const SEED = ["Biscuit", "Luna", "Milo", "Pepper", "Nala", "Oscar", "Bramble", "Waffles"];
const PASSWORD = "a slow connection passphrase";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

async function waitForHealth(server, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (
      await fetch(`${ORIGIN}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy within 60 s");
}

async function seed(apiKey) {
  const headers = { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" };
  for (const [index, name] of SEED.entries()) {
    const response = await fetch(`${ORIGIN}/v1/pets`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name, categoryId: (index % 4) + 1 }),
    });
    if (response.status !== 201) throw new Error(`seeding ${name}: ${response.status}`);
  }
  const invited = await fetch(`${ORIGIN}/v1/people`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: "slow.reader@example.org", name: "Slow Reader", role: "staff" }),
  });
  if (invited.status !== 201) throw new Error(`inviting: ${invited.status}`);
  return new URL((await invited.json()).invitationUrl).hash.replace("#invitation=", "");
}

/** A context holding the invited person's session cookie (accepting the invitation sets it). */
async function signedInContext(browser, token) {
  const context = await browser.newContext();
  const accepted = await context.request.post(`${ORIGIN}/auth/invitation`, {
    headers: { Origin: ORIGIN },
    data: { token, password: PASSWORD },
  });
  if (!accepted.ok()) throw new Error(`accepting the invitation: ${accepted.status()}`);
  return context;
}

/** Opens one page on the throttled connection; times in ms from navigation, bytes as transferred. */
async function measure(context, { url, signedIn, first, ready }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: BYTES_PER_SECOND,
    uploadThroughput: BYTES_PER_SECOND,
  });
  const responses = new Map();
  const bytes = { script: 0, all: 0, scriptByReady: undefined };
  const scripts = [];
  cdp.on("Network.responseReceived", ({ requestId, type, response }) =>
    responses.set(requestId, { type, url: response.url }),
  );
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    bytes.all += encodedDataLength;
    const { type, url } = responses.get(requestId) ?? {};
    if (type !== "Script") return;
    bytes.script += encodedDataLength;
    scripts.push({
      script: new URL(url).pathname.split("/").pop(),
      kB: (encodedDataLength / 1024).toFixed(1),
      at: Date.now(),
    });
  });
  const start = Date.now();
  const navigation = page.goto(ORIGIN + url, { waitUntil: "commit", timeout: 180_000 });
  const when = (locator) =>
    locator(page)
      .first()
      .waitFor({ timeout: 180_000 })
      .then(() => Date.now() - start);
  const [firstMs, readyMs] = await Promise.all([
    when(first),
    when(ready).then((ms) => {
      // The scripts that had arrived when the page became usable: what its first view needed.
      bytes.scriptByReady = bytes.script;
      return ms;
    }),
    navigation,
  ]);
  await page.waitForLoadState("networkidle", { timeout: 180_000 }).catch(() => undefined);
  const row = {
    page: url,
    "first content": `${(firstMs / 1000).toFixed(1)} s`,
    ready: `${(readyMs / 1000).toFixed(1)} s`,
    "script by ready": `${(bytes.scriptByReady / 1024).toFixed(0)} kB`,
    "script bytes": `${(bytes.script / 1024).toFixed(0)} kB`,
    "all bytes": `${(bytes.all / 1024).toFixed(0)} kB`,
  };
  await page.close();
  if (process.env.LIST_SCRIPTS) {
    console.log(`${url}${signedIn ? " (signed in)" : ""}: scripts, in the order they arrived`);
    console.table(scripts.map(({ at, ...script }) => ({ ...script, "by ready": at - start <= readyMs })));
  }
  return row;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "petstore-bench-slow-"));
  const apiKey = randomBytes(24).toString("base64url");
  const server = spawn(
    process.execPath,
    [path.join(root, "scripts/start-front-server.mjs"), "-p", String(PORT), "-H", "127.0.0.1"],
    {
      cwd: root,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PETSTORE_DATA_DIR: dataDir, PETSTORE_API_KEYS: apiKey },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
  try {
    await waitForHealth(server);
    const token = await seed(apiKey);
    const signedIn = await signedInContext(browser, token);
    const signedOut = await browser.newContext();
    // A fresh server loads each route's code on its first request; a real one is warm.
    for (const name of PAGES) await signedIn.request.get(ORIGIN + MEASURES[name].url);
    const rows = [];
    for (const name of PAGES) {
      const measures = MEASURES[name];
      if (!measures) throw new Error(`no measures for ${name} (known: ${Object.keys(MEASURES).join(", ")})`);
      rows.push({ ...(await measure(measures.signedIn ? signedIn : signedOut, measures)), as: name });
    }
    console.log(`Latency ${LATENCY_MS} ms, ${BYTES_PER_SECOND / 1000} kB/s each way, cache off:`);
    console.table(rows);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
