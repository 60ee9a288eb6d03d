import { expect, it } from "vitest";
import { PlainResponse } from "@/lib/front/plain-response";
import { bodyBytesOf } from "./body-bytes";

it("measures a PlainResponse's body as held, in bytes", () => {
  expect(bodyBytesOf(PlainResponse.json({ name: "Ñandú" }) as unknown as Response)).toBe(
    Buffer.byteLength('{"name":"Ñandú"}'),
  );
  expect(bodyBytesOf(new PlainResponse(null, { status: 204 }) as unknown as Response)).toBe(0);
});

it("measures the platform's Response by its Content-Length, else by reading a clone", async () => {
  expect(bodyBytesOf(new Response("abc", { headers: { "content-length": "3" } }))).toBe(3);
  const response = Response.json({ a: "é" });
  expect(await bodyBytesOf(response)).toBe(Buffer.byteLength('{"a":"é"}'));
  // The original is still readable by whoever sends it.
  expect(await response.json()).toEqual({ a: "é" });
  expect(bodyBytesOf(new Response(null, { status: 204 }))).toBe(0);
});
