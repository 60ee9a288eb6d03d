import { changePassword } from "@/lib/people/auth-api";

export const POST = changePassword;
export const dynamic = "force-dynamic";
