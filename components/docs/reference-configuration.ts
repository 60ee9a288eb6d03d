import type { createApiReference } from "@scalar/api-reference";

type Configuration = Parameters<typeof createApiReference>[1];

/**
 * How the /docs reference (Scalar) is set up: everything it loads and sends stays on this
 * origin, and the key a reader types stays in the tab (decision 103).
 */
export const REFERENCE_CONFIGURATION = {
  url: "/v1/openapi.json",
  // The document's server is "/v1", so "try it" calls this origin directly. No proxyUrl:
  // nothing is relayed through Scalar's request proxy.
  // Scalar's default fonts come from fonts.scalar.com; the site's own font stack is used.
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  // The "Open API Client" button and the developer toolbar lead to Scalar's hosted services.
  hideClientButton: true,
  showDeveloperTools: "never",
  // The key lives in the reference's memory only: never localStorage, never the URL.
  persistAuth: false,
  authentication: { preferredSecurityScheme: "bearerAuth" },
  // The site follows the reader's colour scheme; Scalar's toggle would store a choice of its own.
  hideDarkModeToggle: true,
  documentDownloadType: "direct",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
} satisfies Configuration;
