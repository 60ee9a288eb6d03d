/*
 * Saving what the console has in hand as a file: a Blob URL on a link with `download`, so the
 * API key stays in the request's header and never goes in an address.
 */

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click is handled; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
