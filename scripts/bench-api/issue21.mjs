/**
 * Issue 21's targets in one table, from figures the run measured already: GET /v1/pets on
 * PostgreSQL against the ceiling and the file store, POST against the ceiling, the p99 ÷ p50
 * tail, and two instances on one database against one with the database's CPU per request.
 * Each figure is the one its own table shows; this only puts them side by side, per encoding.
 */
import { hasProc } from "./cpu.mjs";
import { ADAPTER_RPS_TARGETS, TARGETS } from "./options.mjs";
import { encodings, routes } from "./routes.mjs";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const of = (samples, route, encoding, key) =>
  median(
    samples
      .get(route)
      .get(encoding)
      .map((sample) => sample[key]),
  );
const down = (value) => Math.floor(value * 1000) / 1000;

/** `file` may be undefined (--adapter postgres): the ÷ file row is then left out. */
export function printIssue21Summary(file, postgres, instances) {
  const ceilingRoute = routes.find((route) => route.ceiling);
  const get = routes.find((route) => route.path === "/v1/pets?limit=20");
  const post = routes.find((route) => route.path === "/v1/pets" && route.method === "POST");
  // Judged like the main table: on CPU per request where /proc exists, else on req/s.
  const basis = hasProc ? "cpuMicros" : "rps";
  const timesCeiling = (route, encoding) => {
    const ceiling = of(postgres, ceilingRoute, encoding, basis);
    const mine = of(postgres, route, encoding, basis);
    return down(hasProc ? ceiling / mine : mine / ceiling);
  };
  const rows = [];
  const row = (label, target, values, pass) =>
    rows.push(`| ${label} | ${target} | ${values.join(" / ")} | ${values.every(pass) ? "met" : "MISSED"} |`);
  const each = (figure) => encodings.map((encoding) => figure(encoding));
  row(
    "GET /v1/pets?limit=20 on PostgreSQL × ceiling",
    `≥ ${TARGETS.GET.ceiling}`,
    each((e) => timesCeiling(get, e)),
    (v) => v >= TARGETS.GET.ceiling,
  );
  if (file) {
    const ratio = (e) => down(of(postgres, get, e, "rps") / of(file, get, e, "rps"));
    row(
      "GET /v1/pets?limit=20 PostgreSQL ÷ file store req/s",
      `≥ ${ADAPTER_RPS_TARGETS.GET}`,
      each(ratio),
      (v) => v >= ADAPTER_RPS_TARGETS.GET,
    );
  }
  row(
    "POST /v1/pets on PostgreSQL × ceiling",
    `≥ ${TARGETS.POST.ceiling}`,
    each((e) => timesCeiling(post, e)),
    (v) => v >= TARGETS.POST.ceiling,
  );
  const tail = (e) => Math.ceil((of(postgres, get, e, "p99") / of(postgres, get, e, "p50")) * 100) / 100;
  row(
    "GET /v1/pets?limit=20 on PostgreSQL p99 ÷ p50",
    `≤ ${TARGETS.GET.tail}`,
    each(tail),
    (v) => v <= TARGETS.GET.tail,
  );
  const lines = [
    "",
    "## Issue 21's targets, PostgreSQL (identity / gzip; figures from the tables above)",
    "",
    "| figure | target | measured | result |",
    "|---|---|---|---|",
    ...rows,
  ];
  if (instances) {
    lines.push(
      "",
      "| two instances on one database, c=" +
        instances.connections +
        " | one req/s | two req/s | two ÷ one | database CPU µs/req, one / two |",
      "|---|---:|---:|---:|---|",
    );
    for (const { name, one, two } of instances.routes) {
      const cpu = (value) => (hasProc && !Number.isNaN(value) ? value.toFixed(0) : "-");
      lines.push(
        `| ${name} | ${one.rps.toFixed(0)} | ${two.rps.toFixed(0)} | ${(two.rps / one.rps).toFixed(3)} | ${cpu(one.dbCpuMicros)} / ${cpu(two.dbCpuMicros)} |`,
      );
    }
  }
  console.log(lines.join("\n"));
}
