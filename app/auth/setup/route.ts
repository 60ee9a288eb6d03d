import { setUp } from "@/lib/people/auth-api";

export const POST = setUp;
export const dynamic = "force-dynamic";
