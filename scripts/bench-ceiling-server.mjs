#!/usr/bin/env node
/**
 * The ceiling for `npm run bench:api`: a bare node:http server answering every request
 * with a constant list of 20 pets, the shape GET /v1/pets?limit=20 returns. Nothing a
 * Node server does per request can be cheaper. Usage: node bench-ceiling-server.mjs PORT
 */
import { createServer } from "node:http";

const port = Number(process.argv[2]);
const statuses = ["available", "pending", "sold"];
const pets = Array.from({ length: 20 }, (_, i) => ({
  id: 3000 - i,
  name: `Bench pet ${2999 - i}`,
  categoryId: ((2999 - i) % 50) + 1,
  status: statuses[(2999 - i) % 3],
}));
const body = JSON.stringify(pets);

createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store, no-transform" });
    response.end(body);
  });
}).listen(port, "127.0.0.1");
