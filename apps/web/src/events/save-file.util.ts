/** Long enough for the browser to have taken the file; the object URL (and the file's memory) is then let go. */
const REVOKE_AFTER_MS = 10_000;

/**
 * Hands a file to the browser's download, named `fileName`: a link to an object URL of it, clicked.
 * (The API asks for a bearer token, which a plain link cannot send.)
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
