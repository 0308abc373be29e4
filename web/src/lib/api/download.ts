import { apiRaw, type ErrorHandling } from './client';

/** The file name the server gave in Content-Disposition (RFC 5987 `filename*` first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads an API file (an Excel export) with the bearer token: fetch → blob → a temporary link.
 * Errors are handled by the API client (a toast unless `errorHandling` says otherwise).
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  errorHandling: ErrorHandling = 'global',
): Promise<string> {
  const response = await apiRaw(path, { errorHandling });
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/** Offers a file to the browser's downloads (its object URL is released a minute later). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
