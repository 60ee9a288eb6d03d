import { addApplicationNoteRoute } from "@/lib/api/applications-api";
import { APPLICATION_ACTION_METHODS } from "@/lib/api/v1-methods";
import { v1Route } from "@/lib/api/v1-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Route(APPLICATION_ACTION_METHODS, {
  POST: addApplicationNoteRoute,
});

// API answers are never static, and this skips the request proxy Next wraps around
// route handlers of undeclared dynamism to detect dynamic use.
export const dynamic = "force-dynamic";
