import type { FloodPhoto } from '@flood/domain';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { i18n } from '../../../../lib/i18n';

/** A text of this tool in the current language (popups are built when they open). */
export const photoText = (key: string, options?: Record<string, unknown>): string =>
  i18n.t(`map.photos.${key}`, options ?? {});

type Attrs = Record<string, string | number | undefined>;

/** A DOM element with attributes and children: popup contents are built as nodes, never as HTML strings. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

/** The photo's size in its popup: the whole picture inside 240 × 200 px, never enlarged. */
export function popupImageSize(width: number, height: number, box = { w: 240, h: 200 }): { w: number; h: number } {
  if (!(width > 0 && height > 0)) return { w: box.w, h: Math.round((box.w * 3) / 4) };
  const scale = Math.min(1, box.w / width, box.h / height);
  return { w: Math.round(width * scale), h: Math.round(height * scale) };
}

/** The accessible name of a photo: its description, else its location (public-portal §2 popup). */
export const photoAlt = (photo: FloodPhoto): string => photo.desc.trim() || photo.location;

/** A single photo's popup: the photo (opens full size), location, description, when, and whether a demo. */
export function buildPhotoPopup(photo: FloodPhoto): HTMLElement {
  const size = popupImageSize(photo.width, photo.height);
  const time = formatDistrictDateTime(photo.createdAt);
  const link = (child: Node | string, className: string) =>
    h('a', { href: photo.image, target: '_blank', rel: 'noopener', class: className }, child);
  return h(
    'figure',
    { class: 'flood-photo-popup', 'data-testid': 'flood-photo-popup', 'data-photo-id': photo.id },
    link(
      h('img', {
        src: photo.image,
        alt: photoAlt(photo),
        width: size.w,
        height: size.h,
        // The popup measures its content before the photo arrives: the size is fixed up front.
        style: `width:${size.w}px;height:${size.h}px`,
        decoding: 'async',
        'data-testid': 'flood-photo-image',
      }),
      'flood-photo-popup-image',
    ),
    h(
      'figcaption',
      {},
      h('strong', { class: 'flood-photo-popup-location' }, photo.location),
      photo.desc.trim() !== '' && h('p', { class: 'flood-photo-popup-desc' }, photo.desc),
      h(
        'p',
        { class: 'flood-photo-popup-meta' },
        time ? photoText('postedAt', { time }) : '',
        photo.demo && h('span', { class: 'flood-photo-demo' }, photoText('demo')),
      ),
      link(photoText('viewOriginal'), 'flood-photo-popup-original'),
    ),
  );
}

export interface ClusterPopupActions {
  /** Zooms in on the cluster; absent when it cannot split further (maximum zoom, or one spot). */
  zoomIn?: () => void;
  open: (photo: FloodPhoto) => void;
}

/** A cluster's popup: its count and its photos (thumbnail, location, time), each opening that photo. */
export function buildClusterPopup(photos: readonly FloodPhoto[], actions: ClusterPopupActions): HTMLElement {
  const head = h(
    'div',
    { class: 'flood-photo-list-head' },
    h('strong', {}, photoText('cluster', { count: photos.length })),
  );
  if (actions.zoomIn) {
    const zoom = h('button', { type: 'button', class: 'flood-photo-zoom', 'data-testid': 'flood-photo-zoom' });
    zoom.textContent = photoText('zoomIn');
    zoom.addEventListener('click', actions.zoomIn);
    head.append(zoom);
  }
  const list = h('ul', { class: 'flood-photo-list-items' });
  for (const photo of photos) {
    const item = h(
      'button',
      { type: 'button', class: 'flood-photo-list-item', 'data-testid': `flood-photo-item-${photo.id}` },
      h('img', { src: photo.thumbnail, alt: '', width: 40, height: 40, loading: 'lazy', decoding: 'async' }),
      h(
        'span',
        {},
        h('strong', {}, photo.location),
        h(
          'small',
          {},
          [formatDistrictDateTime(photo.createdAt), photo.demo ? photoText('demo') : ''].filter(Boolean).join(' · '),
        ),
      ),
    );
    item.addEventListener('click', () => actions.open(photo));
    list.append(h('li', {}, item));
  }
  return h('div', { class: 'flood-photo-list', 'data-testid': 'flood-photo-cluster-popup' }, head, list);
}
