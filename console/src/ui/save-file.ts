/**
 * Hands a file made or fetched in the page to the browser's downloads, as a link with `download` does. What needs the
 * bearer token is fetched first and saved from memory: a token never goes into a URL.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started reading the blob by the next task; the URL is freed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
