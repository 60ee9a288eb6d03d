import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { expect, it, vi } from "vitest";
import { logRequest, type RequestRecord } from "./log-request";
import { logPageRequest } from "./log-page-request";

vi.mock("./log-request", () => ({ logRequest: vi.fn() }));

/** A written answer as Node's ServerResponse shows it, with the header names it carries. */
function answer(statusCode: number, headers: string[] = []) {
  const response = Object.assign(new EventEmitter(), {
    statusCode,
    write: () => true,
    end: () => response,
    hasHeader: (name: string) => headers.includes(name.toLowerCase()),
  });
  return response;
}

function served(request: IncomingMessage, response: ReturnType<typeof answer>): void {
  logPageRequest(request, response as unknown as ServerResponse);
  response.end();
  response.emit("finish");
}

it("records an adopter's status link without its token (docs/decisions/195)", () => {
  const token = "Zq3-secret-token_0123456789abcdefghijklmnopq";
  const request = { method: "POST", url: `/applications/${token}?withdraw=ask`, headers: {} } as IncomingMessage;
  served(request, answer(303));
  const [record] = vi.mocked(logRequest).mock.calls.at(-1) as [RequestRecord];
  expect(record).toMatchObject({ method: "POST", path: "/applications/[token]", status: 303 });
  expect(JSON.stringify(record)).not.toContain(token);
});

it("leaves out an answer apiRoute gave inside Next (an /auth route): apiRoute logged it", () => {
  vi.mocked(logRequest).mockClear();
  served({ method: "POST", url: "/auth/sign-in", headers: {} } as IncomingMessage, answer(401, ["x-request-id"]));
  expect(logRequest).not.toHaveBeenCalled();
});

it("records the calendar feed without its token, should Next answer it before apiRoute does (docs/decisions/258)", () => {
  const token = "Q2FsZW5kYXItdG9rZW4tZXhhbXBsZS0wMTIzNDU2Nzg5";
  served({ method: "GET", url: `/calendar/due.ics?token=${token}`, headers: {} } as IncomingMessage, answer(404));
  const [record] = vi.mocked(logRequest).mock.calls.at(-1) as [RequestRecord];
  expect(record).toMatchObject({ method: "GET", path: "/calendar/due.ics", status: 404 });
  expect(JSON.stringify(record)).not.toContain(token);
});
