import path from "node:path";
import { openFileStore } from "@/lib/composition/file-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { describeStayFlowsContract, type FlowStores } from "./stay-flows.contract";
import { FileStayStore } from "./file-stay-store";

describeStayFlowsContract("file engine", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  return {
    async open({ firstStays }) {
      const pets = await openFileStore(dir, { logger: recordingLogger(), firstStays });
      return { pets, stays: new FileStayStore(pets.engine) };
    },
    close: ({ pets }: FlowStores) => pets.close(),
    // The file engine gives pets from before the record their first stay as it opens.
    upgrade: async () => {},
    cleanup: () => removeTempDir(root),
  };
});
