import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { expect, it, vi } from "vitest";
import { logRequest, type RequestRecord } from "./log-request";
import { logPageRequest } from "./log-page-request";

vi.mock("./log-request", () => ({ logRequest: vi.fn() }));

it("records an adopter's status link without its token (docs/decisions/195)", () => {
  const token = "Zq3-secret-token_0123456789abcdefghijklmnopq";
  const request = { method: "POST", url: `/applications/${token}?withdraw=ask`, headers: {} } as IncomingMessage;
  const response = Object.assign(new EventEmitter(), {
    statusCode: 303,
    write: () => true,
    end: () => response,
  });
  logPageRequest(request, response as unknown as ServerResponse);
  response.end();
  response.emit("finish");
  const [record] = vi.mocked(logRequest).mock.calls.at(-1) as [RequestRecord];
  expect(record).toMatchObject({ method: "POST", path: "/applications/[token]", status: 303 });
  expect(JSON.stringify(record)).not.toContain(token);
});
