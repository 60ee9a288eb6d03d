import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A front server of a story's own, on a fresh data directory and a free port, for a story
 * that needs a store no other story touches (its first admin, say). Playwright runs from the
 * project's root, where the build is.
 */
export interface OwnServer {
  port: number;
  /** Everything it has printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-e2e-own-"));
  const child: ChildProcess = spawn(
    process.execPath,
    ["scripts/start-front-server.mjs", "-p", String(port), "-H", "127.0.0.1"],
    {
      env: { ...process.env, PETSTORE_DATA_DIR: dataDir, PETSTORE_DATABASE_URL: "", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (
    (await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`own server never ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, output: () => output, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
