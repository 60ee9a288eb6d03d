import { expect, it } from "vitest";
import { describeThisProcess, encodeLockOwner, parseLockOwner } from "./lock-owner";

it("reads back what it writes, and a bare pid as an older version's lock", () => {
  const self = describeThisProcess();
  expect(parseLockOwner(encodeLockOwner(self))).toEqual({ ...self, legacy: false });
  expect(parseLockOwner("4242\n")).toEqual({ pid: 4242, host: "", legacy: true });
});

it("names no owner for text that is neither, or for a pid that would name a process group", () => {
  for (const text of [
    "",
    "42",
    "0\n",
    "-1\n",
    '{"pid":0,"host":"h"}\n',
    '{"pid":-5,"host":"h"}\n',
    '{"pid":7}\n',
    "{\n",
  ]) {
    expect(parseLockOwner(text), JSON.stringify(text)).toBeUndefined();
  }
});
