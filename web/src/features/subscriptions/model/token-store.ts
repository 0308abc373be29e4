/** Where the browser keeps the manage token of its subscription (the sign-up writes it, the manage page reads it). */
export const TOKEN_STORAGE_KEY = 'flood.subscription.token';

/** The stored manage token, or null (none, or storage unavailable: private mode). */
export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage unavailable: the manage link (with its token in the fragment) still works
  }
}

export function forgetToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored then
  }
}

/** The token of a `#t=<token>` fragment (the manage and confirmation links), or null. */
export function tokenFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('t')?.trim();
  return value ? value : null;
}
