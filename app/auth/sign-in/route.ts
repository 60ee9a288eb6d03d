import { signIn } from "@/lib/people/auth-api";

export const POST = signIn;
export const dynamic = "force-dynamic";
