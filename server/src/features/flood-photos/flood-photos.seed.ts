import sharp from 'sharp';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { processFloodPhoto } from './flood-photos.image';
import { hasFloodPhotos } from './flood-photos.repository';
import { createFloodPhotosService } from './flood-photos.service';

/**
 * Demo flood photos (DEMO on): invented scenes drawn at seed time (no binary file in the repository), at real
 * places of Ba Chẽ district — the commune label points of seed/geo and the F01024 scenario of DECISIONS.md.
 */
export const DEMO_FLOOD_PHOTOS = [
  {
    desc: 'Nước sông Ba Chẽ dâng cao, ngập đường trước cổng (ảnh minh hoạ)',
    location: 'Đối diện Trung tâm Y tế huyện Ba Chẽ, thị trấn Ba Chẽ',
    lat: 21.273,
    long: 107.2896,
    hoursAgo: 2,
    water: 0.55,
    sky: '#8ea3b5',
  },
  {
    desc: 'Ngập khoảng 40 cm trên đường liên xã (ảnh minh hoạ)',
    location: 'Xã Nam Sơn, huyện Ba Chẽ',
    lat: 21.25033,
    long: 107.30416,
    hoursAgo: 5,
    water: 0.4,
    sky: '#9aa9b4',
  },
  {
    desc: 'Suối tràn qua ngầm, người dân không đi qua được (ảnh minh hoạ)',
    location: 'Xã Thanh Sơn, huyện Ba Chẽ',
    lat: 21.30228,
    long: 107.21155,
    hoursAgo: 26,
    water: 0.62,
    sky: '#7f93a6',
  },
  {
    desc: '',
    location: 'Xã Đồn Đạc, huyện Ba Chẽ',
    lat: 21.2035,
    long: 107.24719,
    hoursAgo: 30,
    water: 0.35,
    sky: '#a7b4bf',
  },
] as const;

/** A small flooded-street scene (sky, hills, a house, muddy water) as JPEG bytes. */
async function drawScene(p: { water: number; sky: string }, seed: number): Promise<Buffer> {
  const w = 640;
  const h = 480;
  const waterY = Math.round(h * (1 - p.water));
  const ripples = Array.from({ length: 8 }, (_, i) => {
    const y = waterY + 12 + i * ((h - waterY) / 8);
    const x = ((i * 97 + seed * 53) % 400) + 20;
    return `<path d="M${x} ${y} q20 -6 40 0 t40 0" stroke="#c9b48f" stroke-width="3" fill="none" opacity="0.6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="${w}" height="${h}" fill="${p.sky}"/>
  <path d="M0 ${h * 0.45} L120 ${h * 0.25} L260 ${h * 0.42} L400 ${h * 0.2} L640 ${h * 0.4} L640 ${h} L0 ${h} Z" fill="#4f6b45"/>
  <rect x="${180 + seed * 30}" y="${h * 0.38}" width="170" height="${h * 0.4}" fill="#d8cfc0"/>
  <path d="M${165 + seed * 30} ${h * 0.39} L${265 + seed * 30} ${h * 0.27} L${365 + seed * 30} ${h * 0.39} Z" fill="#9b3b2e"/>
  <rect x="${245 + seed * 30}" y="${h * 0.55}" width="40" height="${h * 0.23}" fill="#6b4a32"/>
  <rect x="0" y="${waterY}" width="${w}" height="${h - waterY}" fill="#8a6e45" opacity="0.92"/>
  ${ripples}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Seeds the demo photos once, while the table is empty. Returns how many were added. */
export async function seedDemoFloodPhotos(deps: { db: Db; storage: FileStorage; now: Date }): Promise<number> {
  if (await hasFloodPhotos(deps.db)) return 0;
  const service = createFloodPhotosService({ db: deps.db, storage: deps.storage, maxBytes: Number.MAX_SAFE_INTEGER });
  // Oldest first, so ids follow time.
  const photos = [...DEMO_FLOOD_PHOTOS].sort((a, b) => b.hoursAgo - a.hoursAgo);
  for (const [i, p] of photos.entries()) {
    const photo = await processFloodPhoto(await drawScene(p, i));
    await service.store(
      null,
      photo,
      { desc: p.desc, location: p.location, lat: p.lat, long: p.long },
      { demo: true, createdAt: new Date(deps.now.getTime() - p.hoursAgo * 3_600_000) },
    );
  }
  return photos.length;
}
