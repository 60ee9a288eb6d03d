import { dispatchV1 } from "@/lib/api/dispatch-v1";

// Every /v1 request comes here and goes to its operation (lib/api/v1-operations.ts), or to a
// JSON 404, 405 or the OPTIONS answer the declarations make. The front server (`npm start`)
// dispatches through the same table without Next's router.
export const GET = dispatchV1;
export const HEAD = dispatchV1;
export const POST = dispatchV1;
export const PUT = dispatchV1;
export const PATCH = dispatchV1;
export const DELETE = dispatchV1;
export const OPTIONS = dispatchV1;

// API answers are never static, and this skips the request proxy Next wraps around
// route handlers of undeclared dynamism to detect dynamic use.
export const dynamic = "force-dynamic";
