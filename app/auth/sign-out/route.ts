import { signOut } from "@/lib/people/auth-api";

export const POST = signOut;
export const dynamic = "force-dynamic";
