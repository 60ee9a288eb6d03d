import { checkLink } from "@/lib/people/auth-api";

export const POST = checkLink;
export const dynamic = "force-dynamic";
