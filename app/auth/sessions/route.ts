import { listOwnSessions, signOutEverywhere } from "@/lib/people/auth-api";

export const GET = listOwnSessions;
export const DELETE = signOutEverywhere;
export const dynamic = "force-dynamic";
