import { notFound } from "@/lib/api/method-routes";

// Every other path under /v1 answers a JSON 404, whatever the method.
export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;

// API answers are never static, and this skips the request proxy Next wraps around
// route handlers of undeclared dynamism to detect dynamic use.
export const dynamic = "force-dynamic";
