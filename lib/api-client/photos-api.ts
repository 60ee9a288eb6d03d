import "./zod-without-eval";
import { PetPhoto, PetPhotos, type PhotoPatch } from "@/lib/pets/schemas";
import { apiErrorFrom, unreadableAnswer } from "./read-api-error";
import { succeeded, v1Client } from "./v1-client";

/** The staff console's photo calls (beta; lib/api/photos-api.ts serves them). */

export async function listPhotosWithKey(apiKey: string, petId: number): Promise<PetPhoto[]> {
  const { data } = await succeeded(v1Client(apiKey).GET("/pets/{petId}/photos", { params: { path: { petId } } }));
  return PetPhotos.parse(data);
}

export async function reorderPhotosWithKey(apiKey: string, petId: number, order: number[]): Promise<PetPhoto[]> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/pets/{petId}/photos", { params: { path: { petId } }, body: { order } }),
  );
  return PetPhotos.parse(data);
}

export async function updatePhotoWithKey(
  apiKey: string,
  petId: number,
  photoId: number,
  patch: PhotoPatch,
): Promise<PetPhoto> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/pets/{petId}/photos/{photoId}", { params: { path: { petId, photoId } }, body: patch }),
  );
  return PetPhoto.parse(data);
}

export async function deletePhotoWithKey(apiKey: string, petId: number, photoId: number): Promise<void> {
  await succeeded(v1Client(apiKey).DELETE("/pets/{petId}/photos/{photoId}", { params: { path: { petId, photoId } } }));
}

/**
 * Uploads one image with XMLHttpRequest rather than fetch: only XHR reports upload progress,
 * which staff on a slow connection need for a 10 MB photo. `onProgress` gets 0..1.
 */
export function uploadPhotoWithKey(
  apiKey: string,
  petId: number,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<PetPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/v1/pets/${petId}/photos`);
    request.setRequestHeader("Authorization", `Bearer ${apiKey}`);
    request.setRequestHeader("Accept", "application/json");
    // The server reads the type from the bytes; this only tells proxies what passes.
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.responseType = "text";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) {
        const photo = PetPhoto.safeParse(body);
        if (photo.success) resolve(photo.data);
        else reject(unreadableAnswer(request.status, "The photo was stored but its answer could not be read."));
      } else reject(apiErrorFrom(request.status, body));
    };
    request.onerror = () => reject(unreadableAnswer(0, "The server could not be reached."));
    request.send(file);
  });
}
