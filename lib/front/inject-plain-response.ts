// esbuild `inject` (scripts/build-front-server.mjs): inside the front server's bundle the
// global `Response` is PlainResponse. Not imported by anything else.
export { PlainResponse as Response } from "./plain-response";
