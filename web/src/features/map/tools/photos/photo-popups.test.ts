import type { FloodPhoto } from '@flood/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildClusterPopup, buildPhotoPopup, popupImageSize } from './photo-popups';

const photo = (over: Partial<FloodPhoto> = {}): FloodPhoto => ({
  id: 7,
  desc: 'Nước ngập ngang đầu gối',
  location: 'Cầu Ba Chẽ',
  lat: 21.27,
  long: 107.27,
  image: '/api/flood/7/image?v=abc',
  thumbnail: '/api/flood/7/thumbnail?v=abc',
  width: 2048,
  height: 1536,
  demo: false,
  createdAt: '2024-06-15T03:00:00.000Z',
  ...over,
});

describe('popupImageSize', () => {
  it('fits the whole photo inside 240 × 200 px and never enlarges it', () => {
    expect(popupImageSize(2048, 1536)).toEqual({ w: 240, h: 180 });
    expect(popupImageSize(1536, 2048)).toEqual({ w: 150, h: 200 });
    expect(popupImageSize(120, 80)).toEqual({ w: 120, h: 80 });
    expect(popupImageSize(0, 0)).toEqual({ w: 240, h: 180 });
  });
});

describe('buildPhotoPopup', () => {
  it('shows the photo named by its description, the location, the description and the time', () => {
    const node = buildPhotoPopup(photo());
    const img = node.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Nước ngập ngang đầu gối');
    expect(img.getAttribute('src')).toBe('/api/flood/7/image?v=abc');
    expect(node.querySelector('.flood-photo-popup-location')!.textContent).toBe('Cầu Ba Chẽ');
    expect(node.querySelector('.flood-photo-popup-desc')!.textContent).toBe('Nước ngập ngang đầu gối');
    // 03:00 UTC is 10:00 in the district.
    expect(node.textContent).toContain('Đăng lúc 15/06/2024 10:00');
    expect(node.querySelector('.flood-photo-demo')).toBeNull();
  });

  it('without a description the location names the photo; a demo photo says so', () => {
    const node = buildPhotoPopup(photo({ desc: '  ', demo: true }));
    expect(node.querySelector('img')!.getAttribute('alt')).toBe('Cầu Ba Chẽ');
    expect(node.querySelector('.flood-photo-popup-desc')).toBeNull();
    expect(node.querySelector('.flood-photo-demo')!.textContent).toBe('Ảnh minh hoạ');
  });

  it('keeps what people typed as text, never as markup', () => {
    const node = buildPhotoPopup(photo({ location: '<img src=x onerror=alert(1)>', desc: '<b>đậm</b>' }));
    expect(node.querySelectorAll('img')).toHaveLength(1);
    expect(node.querySelector('b')).toBeNull();
    expect(node.querySelector('.flood-photo-popup-location')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('buildClusterPopup', () => {
  it('lists the photos with their thumbnails; an item opens its photo, the zoom button zooms', () => {
    const open = vi.fn();
    const zoomIn = vi.fn();
    const photos = [photo({ id: 2, location: 'Ngầm Khe Nháng' }), photo({ id: 1, location: 'Bản Cổng Khe' })];
    const node = buildClusterPopup(photos, { open, zoomIn });
    expect(node.querySelector('.flood-photo-list-head strong')!.textContent).toBe('2 ảnh ngập lụt');
    const items = node.querySelectorAll<HTMLButtonElement>('.flood-photo-list-item');
    expect([...items].map((b) => b.querySelector('strong')!.textContent)).toEqual(['Ngầm Khe Nháng', 'Bản Cổng Khe']);
    expect(items[0]!.querySelector('img')!.getAttribute('src')).toBe('/api/flood/7/thumbnail?v=abc');
    items[1]!.click();
    expect(open).toHaveBeenCalledWith(photos[1]);
    node.querySelector<HTMLButtonElement>('.flood-photo-zoom')!.click();
    expect(zoomIn).toHaveBeenCalledOnce();
  });

  it('has no zoom button when the cluster cannot split', () => {
    const node = buildClusterPopup([photo(), photo({ id: 8 })], { open: () => {} });
    expect(node.querySelector('.flood-photo-zoom')).toBeNull();
  });
});
