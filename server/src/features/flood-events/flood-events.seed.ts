import { DEFAULT_WEB_PARAMETERS, formatDateVi } from '@flood/domain';
import type { Db } from '../../db/client';
import { createMemoryEventBus } from '../../lib/events';
import { hasDamages, insertDamage } from '../damage/damage.repository';
import { createFloodEventDetector } from './flood-events.detector';
import { hasFloodEvents, insertFloodEvent, listFloodEvents, updateFloodEvent } from './flood-events.repository';

const DAY = 86_400_000;

/** YYYY-MM-DD of an instant in the district (the damage table's day). */
function isoDay(t: Date, timeZone: string): string {
  const [d, m, y] = formatDateVi(t, timeZone).split('/');
  return `${y}-${m}-${d}`;
}

/**
 * Demo flood history (DEMO on, empty tables only): the events the demo readings hold (the storm 20 days ago,
 * detected by the same rule as live readings), one older event entered by hand, and damage records of both,
 * all marked demo. Returns how many events and records were written.
 */
export async function seedDemoFloodHistory(deps: { db: Db; now: Date; timeZone: string }): Promise<number> {
  const { db, now, timeZone } = deps;
  if ((await hasFloodEvents(db)) || (await hasDamages(db))) return 0;

  const detector = createFloodEventDetector({
    db,
    bus: createMemoryEventBus(),
    webParameters: async () => DEFAULT_WEB_PARAMETERS,
    logger: { error: () => {} },
    now: () => now,
  });
  await detector.recompute(new Date(now.getTime() - 90 * DAY), now);
  detector.stop();
  const detected = (await listFloodEvents(db, { page: 1, pageSize: 20, timeZone })).items;

  // An older flood entered by hand (before the stations pushed data: no peak).
  const year = new Date(now.getTime() - 400 * DAY).getUTCFullYear();
  await insertFloodEvent(db, {
    name: `Lũ lớn tháng 8/${year} (minh hoạ)`,
    startAt: new Date(`${year}-08-07T22:00:00Z`),
    endAt: new Date(`${year}-08-10T06:00:00Z`),
    note: 'Trận lũ nhập tay từ báo cáo của xã (dữ liệu minh hoạ)',
    source: 'MANUAL',
    demo: true,
  });
  for (const e of detected)
    await updateFloodEvent(db, e.id, { demo: true, note: 'Phát hiện từ số liệu mực nước (minh hoạ)' });

  const days = [...detected.map((e) => isoDay(new Date(e.startAt.getTime() + DAY / 2), timeZone)), `${year}-08-08`];
  let n = detected.length + 1;
  for (const [i, day] of days.entries()) {
    const scale = i === days.length - 1 ? 3 : 1;
    await insertDamage(db, {
      type: 'ASSET',
      date: day,
      demo: true,
      data: {
        traffic: `${2 * scale} cầu tràn, ${scale} km đường hư hỏng`,
        construction: `${6 * scale} nhà tốc mái`,
        agriculture: `${12 * scale} ha lúa và hoa màu`,
        irrigation: `${scale} đập tạm bị cuốn trôi`,
        electricity: `${(0.8 * scale).toLocaleString('vi-VN')} km đường dây hạ thế`,
        total: `${(1.4 * scale).toLocaleString('vi-VN')} tỷ đồng`,
      },
    });
    await insertDamage(db, {
      type: 'PERSON',
      date: day,
      demo: true,
      data: { female: `${scale} người bị thương`, male: `${2 * scale} người bị thương` },
    });
    n += 2;
  }
  return n;
}
