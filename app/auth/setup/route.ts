import { setUp, setupState } from "@/lib/people/auth-api";

export const GET = setupState;
export const POST = setUp;
export const dynamic = "force-dynamic";
