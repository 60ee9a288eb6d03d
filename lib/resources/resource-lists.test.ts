import path from "node:path";
import { describe, expect, it } from "vitest";
import { FILE_OPEN_STEPS, FILE_PARTS } from "@/lib/composition/file-parts";
import { openFileStore } from "@/lib/composition/file-store";
import { getResourceStore } from "@/lib/composition";
import { RESOURCE_APIS, V1_OPERATIONS } from "@/lib/api/v1-operations";
import { staysResource } from "@/lib/animal-record/stays-resource";
import { staysStorage } from "@/lib/animal-record/stays-resource-storage";
import { staysApi } from "@/lib/animal-record/stays-resource-api";
import { staysPart } from "@/lib/animal-record/file-stay-part";
import { FileStayStore } from "@/lib/animal-record/file-stay-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { defineResource } from "./define-resource";
import { defineResourceStorage, type ResourceStorage } from "./define-resource-storage";
import { RESOURCE_STORAGE } from "./resource-storage";
import { RESOURCES, inResourceOrder } from "./resources";

/*
 * A resource is one line in each band's list (docs/decisions/305): its declaration in
 * ./declared-resources.ts, its storage in ./declared-resource-storage.ts, its operations in
 * ./declared-resource-api.ts. Everything else of it is reached from those.
 */

describe("the resource lists", () => {
  it("reach a declared resource's file parts, open steps, store and operations from its one line each", () => {
    expect(RESOURCES).toContain(staysResource);
    expect(RESOURCE_STORAGE).toContain(staysStorage);
    expect(FILE_PARTS).toContain(staysPart);
    expect(FILE_OPEN_STEPS).toEqual(expect.arrayContaining([...staysStorage.fileOpenSteps]));
    expect(RESOURCE_APIS).toContain(staysApi);
    for (const operation of staysApi.operations) expect(V1_OPERATIONS).toContain(operation);
  });

  it("list every storage's parts and open steps in the engine, after the older parts, in the resources' order", () => {
    const declaredParts = RESOURCE_STORAGE.flatMap((storage) => storage.fileParts);
    expect(FILE_PARTS.slice(FILE_PARTS.length - declaredParts.length)).toEqual(declaredParts);
    expect(FILE_OPEN_STEPS).toEqual(RESOURCE_STORAGE.flatMap((storage) => storage.fileOpenSteps));
    expect(new Set(FILE_PARTS.map((part) => part.name)).size).toBe(FILE_PARTS.length);
  });

  it("hold storage and operations only of listed resources, each once, in the resources' order", () => {
    for (const [list, resourceOf] of [
      [RESOURCE_STORAGE, (storage: ResourceStorage) => storage.resource],
      [RESOURCE_APIS, (api: (typeof RESOURCE_APIS)[number]) => api.resource],
    ] as const) {
      const order = (list as readonly never[]).map((item) => RESOURCES.indexOf(resourceOf(item) as never));
      expect(order.every((index) => index >= 0)).toBe(true);
      expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
    }
  });

  it("list resources by the decision that introduced each, so a new one comes last", () => {
    expect(new Set(RESOURCES.map((resource) => resource.decision)).size).toBe(RESOURCES.length);
    const next = defineResource({ name: "next", decision: 999 });
    const earlier = defineResource({ name: "earlier", decision: 0 });
    expect(inResourceOrder([next, ...RESOURCES, earlier], (resource) => resource)).toEqual([
      earlier,
      ...RESOURCES,
      next,
    ]);
  });

  it("open each declared store on the file engine, through the store of another it reads", async () => {
    const root = await makeTempDir();
    try {
      const opened = await openFileStore(path.join(root, "data"), { logger: recordingLogger() });
      const stores = new Map<ResourceStorage, Promise<unknown>>();
      const open = <Store>(storage: ResourceStorage<Store>): Promise<Store> => {
        if (!stores.has(storage)) stores.set(storage, storage.store.onFile(opened.engine, open));
        return stores.get(storage) as Promise<Store>;
      };
      for (const storage of RESOURCE_STORAGE) expect(await open(storage)).toBeDefined();
      expect(await open(staysStorage)).toBeInstanceOf(FileStayStore);
      await opened.close();
    } finally {
      await removeTempDir(root);
    }
  });

  it("refuse a store whose storage is not listed (its parts would be missing from the engine)", async () => {
    const unlisted = defineResourceStorage(defineResource({ name: "unlisted", decision: 999 }), {
      store: { onFile: async () => "file", onPostgres: async () => "postgres" },
    });
    await expect(getResourceStore(unlisted)).rejects.toThrow(/unlisted's storage is not listed/);
  });
});
