import { FILE_URL_PATTERN } from './news.schemas';

/**
 * The default picture of a news item without one (public-portal §9 "fallback images"), drawn in the page as a data
 * URI (nothing to fetch): the web's cards and the server's first view of /news (#25) use the very same one, so the
 * picture does not change when the app takes over.
 */
export const NEWS_FALLBACK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><title>Tin tức</title><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d6e8f7"/><stop offset="1" stop-color="#a9cbe8"/></linearGradient></defs><rect width="320" height="180" fill="url(#s)"/><path d="M0 118c27-12 53-12 80 0s53 12 80 0 53-12 80 0 53 12 80 0v62H0z" fill="#5d9bd1"/><path d="M0 140c27-10 53-10 80 0s53 10 80 0 53-10 80 0 53 10 80 0v40H0z" fill="#0b4f8a"/><g fill="#fff" stroke="#0b4f8a" stroke-width="4" stroke-linejoin="round"><rect x="124" y="34" width="72" height="64" rx="6"/></g><g fill="#0b4f8a"><rect x="134" y="44" width="26" height="20" rx="2"/><rect x="166" y="46" width="20" height="5" rx="2"/><rect x="166" y="57" width="20" height="5" rx="2"/><rect x="134" y="72" width="52" height="5" rx="2"/><rect x="134" y="83" width="40" height="5" rx="2"/></g></svg>';

/** An SVG as a `data:` URI for an `<img src>` (percent-encoded, readable in the page's source). */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/')}`;
}

/** The card picture of an item: the thumbnail of an uploaded avatar, another (https) avatar as is, or none. */
export function newsImageUrl(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  return FILE_URL_PATTERN.test(avatar) ? `${avatar}/thumbnail` : avatar;
}
