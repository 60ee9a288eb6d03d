import { endOwnSession } from "@/lib/people/auth-api";

export const DELETE = endOwnSession;
export const dynamic = "force-dynamic";
