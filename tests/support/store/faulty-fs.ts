import "server-only";
import { nodeFs, type StoreFs } from "@/lib/store/file/fs-layer";

type Operation = "write" | "fdatasync" | "fsync" | "ftruncate" | "open";

/**
 * The real file system with switchable failures, as a full disk or a read-only remount
 * would produce them. A failing write first writes half its bytes for real, the way a
 * write that runs out of space part-way does, so tests see a half-written tail.
 */
export function faultyFs() {
  const failing = new Map<Operation, string>();
  const fail = (operation: Operation) => {
    const code = failing.get(operation);
    if (!code) return;
    throw Object.assign(new Error(`${code}: injected failure, ${operation}`), { code });
  };
  const fs: StoreFs = {
    ...nodeFs,
    open: async (path, flags, mode) => (fail("open"), nodeFs.open(path, flags, mode)),
    write: async (fd, buffer, offset, length, position) => {
      if (failing.has("write") && length > 1) {
        await nodeFs.write(fd, buffer, offset, length >> 1, position);
      }
      fail("write");
      return nodeFs.write(fd, buffer, offset, length, position);
    },
    fdatasync: async (fd) => (fail("fdatasync"), nodeFs.fdatasync(fd)),
    fsync: async (fd) => (fail("fsync"), nodeFs.fsync(fd)),
    ftruncate: async (fd, length) => (fail("ftruncate"), nodeFs.ftruncate(fd, length)),
  };
  return {
    fs,
    /** From now on `operation` fails with the errno `code` (ENOSPC, EROFS...). */
    failWith(operation: Operation, code: string) {
      failing.set(operation, code);
    },
    heal() {
      failing.clear();
    },
  };
}
