#!/usr/bin/env node
/**
 * The ceiling for `npm run bench:api -- --workload reads-under-writes`: a bare node:http
 * server holding its pets in memory. `GET /v1/pets?limit=N` serialises the newest N per
 * request (JSON.stringify, no cache), `POST /v1/pets` parses the body, keeps the pet and
 * answers 201 with it (in memory, nothing durable). The most a Node server can do for the
 * workload; Pet Store is measured against it. Usage: node ceiling-store-server.mjs PORT
 */
import { createServer } from "node:http";

const port = Number(process.argv[2]);
const pets = [];
let nextId = 1;

function answer(response, status, body) {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store, no-transform" });
  response.end(body);
}

createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    if (request.method === "POST") {
      const { name, categoryId, status = "available" } = JSON.parse(Buffer.concat(chunks).toString());
      const pet = { id: nextId++, name, categoryId, status };
      pets.push(pet);
      return answer(response, 201, JSON.stringify(pet));
    }
    const query = request.url.indexOf("?");
    const limit = Math.min(100, Number(new URLSearchParams(request.url.slice(query + 1)).get("limit")) || 20);
    const page = [];
    for (let i = pets.length - 1; i >= 0 && page.length < limit; i--) page.push(pets[i]);
    answer(response, 200, JSON.stringify(page));
  });
}).listen(port, "127.0.0.1");
