import { currentSession } from "@/lib/people/auth-api";

export const POST = currentSession;
export const dynamic = "force-dynamic";
