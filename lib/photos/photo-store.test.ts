import path from "node:path";
import { openFileStore } from "@/lib/composition/file-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { openFilePhotoStore } from "./file-photo-store";
import { describePhotoStoreContract, type PhotoSubject } from "./photo-store.contract";
import { openPostgresPhotoStore } from "./postgres-photo-store";

describePhotoStoreContract("file photo store", async () => {
  const dir = path.join(await makeTempDir(), "data");
  const pets = await openFileStore(dir, { logger: recordingLogger() });
  const subject: PhotoSubject = {
    pets,
    photos: await openFilePhotoStore(dir),
    async reopen() {
      await subject.photos.close();
      subject.photos = await openFilePhotoStore(dir);
    },
    async cleanup() {
      await subject.photos.close();
      await subject.pets.close();
      await removeTempDir(path.dirname(dir));
    },
  };
  return subject;
});

describePhotoStoreContract("PostgreSQL photo store", async () => {
  const target = newTestSchema();
  // The pet store applies the migrations, the photo tables' among them.
  const pets = await openPostgresStore({ ...target, poolMax: 4, logger: recordingLogger() });
  const subject: PhotoSubject = {
    pets,
    photos: openPostgresPhotoStore(target),
    async reopen() {
      await subject.photos.close();
      subject.photos = openPostgresPhotoStore(target);
    },
    async cleanup() {
      await subject.photos.close();
      await subject.pets.close();
      await target.drop();
    },
  };
  return subject;
});
