import { writeFileSync } from "node:fs";
import { API_TYPES_FILE, renderApiTypes } from "./api-types/render-api-types";

// npm run api:types: rewrites the client's types from the OpenAPI document.
renderApiTypes().then(
  (types) => {
    writeFileSync(API_TYPES_FILE, types);
    console.log(`Wrote ${API_TYPES_FILE}`);
  },
  (error: unknown) => {
    console.error(`api:types: failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
