import { getMe } from "@/lib/api/me-api";
import { ME_METHODS } from "@/lib/api/v1-methods";
import { v1Route } from "@/lib/api/v1-route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = v1Route(ME_METHODS, { GET: getMe });

// Per caller, never static.
export const dynamic = "force-dynamic";
