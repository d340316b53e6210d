/** Hands a file made in the page (or fetched) to the browser's downloads. */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function fileNameFrom(contentDisposition: string | null): string | undefined {
  return contentDisposition?.match(/filename="([^"]+)"/)?.[1];
}

/** The device's own time zone, which the downloads write their dates in. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
