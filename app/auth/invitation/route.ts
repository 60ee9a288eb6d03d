import { acceptInvitationRoute } from "@/lib/people/auth-api";

export const POST = acceptInvitationRoute;
export const dynamic = "force-dynamic";
