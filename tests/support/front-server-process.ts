import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_PASSWORD_COST } from "./test-password-cost";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** `npm start` of the production build as a child of the test, for tests that stop or kill it. */
export interface FrontServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Everything it has printed so far, stdout and stderr together. */
  output(): string;
}

/**
 * Starts the front server on 127.0.0.1:`port` with `env` over production defaults (the
 * file store unless `env` names a database) and resolves once `/readyz` answers 200.
 */
export async function startFrontServer(port: number, env: Record<string, string>): Promise<FrontServerProcess> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "scripts/start-front-server.mjs"), "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
        PETSTORE_DATABASE_URL: "",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_ENV: "production",
        // Cheap password hashes unless `env` asks for the full cost with "" (docs/decisions/236).
        ...TEST_PASSWORD_COST,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { child, exited, output: () => output };
    if (Date.now() > deadline || child.exitCode !== null) {
      if (child.exitCode === null) child.kill("SIGKILL");
      throw new Error(`server never ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
