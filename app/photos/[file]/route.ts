import { answerPhoto } from "@/lib/photos/serve-photo";

type Context = { params: Promise<{ file: string }> };

/** A stored photo copy under `next start`; `npm start` answers these itself (server.ts). */
async function servePhoto(request: Request, context: Context): Promise<Response> {
  const answer = await answerPhoto(request.method, (await context.params).file, request.headers.get("if-none-match"));
  const body = request.method === "HEAD" || !answer.body ? null : new Uint8Array(answer.body);
  return new Response(body, { status: answer.status, headers: answer.headers });
}

export { servePhoto as GET, servePhoto as HEAD };

export const dynamic = "force-dynamic";
