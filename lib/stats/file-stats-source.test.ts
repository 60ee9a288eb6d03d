import path from "node:path";
import { openFileStore } from "@/lib/composition/file-store";
import { FileStayStore } from "@/lib/animal-record/file-stay-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import {
  CONTRACT_MAPPING,
  describeKnownAnswerYearContract,
  describeStatsSourceContract,
} from "./stats-source.contract";
import { FileStatsSource } from "./file-stats-source";

// Without the plain API's automatic first stay (issue 41's flows): the tests record every intake.
const open = async () => {
  const root = await makeTempDir();
  const pets = await openFileStore(path.join(root, "data"), { logger: recordingLogger(), firstStays: false });
  return {
    pets,
    stays: new FileStayStore(pets.engine),
    source: new FileStatsSource(pets.engine, async () => CONTRACT_MAPPING),
    async cleanup() {
      await pets.close();
      await removeTempDir(root);
    },
  };
};

describeStatsSourceContract("file engine", open);
describeKnownAnswerYearContract("file engine", open);
