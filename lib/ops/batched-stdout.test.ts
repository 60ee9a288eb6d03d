import { expect, it } from "vitest";
import { batchedStdout } from "./batched-stdout";

function recordingSink() {
  const writes: string[] = [];
  return {
    writes,
    write(chunk: string, callback?: () => void) {
      writes.push(chunk);
      if (callback) setImmediate(callback);
    },
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it("writes the lines of one turn in one write, in order, when the turn ends", async () => {
  const sink = recordingSink();
  const destination = batchedStdout(sink);
  destination.write("a\n");
  destination.write("b\n");
  destination.write("c\n");
  expect(sink.writes).toEqual([]);
  await nextTurn();
  expect(sink.writes).toEqual(["a\nb\nc\n"]);
  destination.write("d\n");
  await nextTurn();
  expect(sink.writes).toEqual(["a\nb\nc\n", "d\n"]);
});

it("flush writes what is pending at once and calls back after it, leaving nothing for later", async () => {
  const sink = recordingSink();
  const destination = batchedStdout(sink);
  destination.write("x\n");
  let flushed = false;
  destination.flush(() => (flushed = true));
  expect(sink.writes[0]).toBe("x\n");
  await nextTurn();
  await nextTurn();
  expect(flushed).toBe(true);
  expect(sink.writes.filter((chunk) => chunk !== "")).toEqual(["x\n"]);
});
