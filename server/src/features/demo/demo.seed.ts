import type { Db } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { insertReadingsBatch, type ReadingInput } from '../readings/readings.repository';
import { allStations, insertStation } from '../stations/stations.repository';
import { districtRain, riverLevels, STEP_MINUTES, seededRandom } from './demo.model';
import { DEMO_STATIONS } from './demo.stations';

/** Days of history the demo starts with, and when its storm was. */
export const DEMO_DAYS = 60;
export const DEMO_STORM_DAYS_AGO = 20;

/**
 * Fills an empty database with the demo stations and 60 days of readings (every 30 minutes) including a
 * three-day storm that lifts every river above its level II. Does nothing when stations exist.
 */
export async function seedDemo(db: Db, now: Date): Promise<{ seeded: boolean; readings: number }> {
  if ((await allStations(db)).length > 0) return { seeded: false, readings: 0 };
  const stepMs = STEP_MINUTES * 60_000;
  const end = Math.floor(now.getTime() / stepMs) * stepMs;
  const steps = DEMO_DAYS * (1440 / STEP_MINUTES);
  const start = end - (steps - 1) * stepMs;
  const rnd = seededRandom(2026);
  const rain = districtRain(steps, steps - DEMO_STORM_DAYS_AGO * (1440 / STEP_MINUTES), rnd);

  let total = 0;
  for (const s of DEMO_STATIONS) {
    const water = s.code.includes('F01');
    const id = await insertStation(db, {
      code: s.code,
      name: s.name,
      description: s.description,
      kind: water ? 'water' : 'rain',
      latitude: s.lat,
      longitude: s.long,
      warningLevel1: s.levels?.[0] ?? null,
      warningLevel2: s.levels?.[1] ?? null,
      warningLevel3: s.levels?.[2] ?? null,
      warningLowWater: water ? Math.round((s.base ?? 0) * 0.5) : null,
      pushKey: randomToken(18),
      userId: null,
      demo: true,
    });
    const values = water
      ? riverLevels(rain, s.base!, s.gain!, rnd)
      : rain.map((r) => Math.max(0, Math.round(r * (s.wetness ?? 1) * (0.8 + rnd() * 0.4) * 10) / 10));
    const rows: ReadingInput[] = values.map((value, i) => ({
      stationId: id,
      observedAt: new Date(start + i * stepMs),
      value,
    }));
    for (let i = 0; i < rows.length; i += 5000) total += (await insertReadingsBatch(db, rows.slice(i, i + 5000))).size;
  }
  return { seeded: true, readings: total };
}

/**
 * The notice printed at every start in demo mode: what the simulator does, where the demo alerts' messages
 * go, and how to turn it off — so nobody runs a real district on invented readings without knowing.
 */
export function demoNotice(intervalSeconds: number, alertsToGateway: boolean): string {
  const where = alertsToGateway
    ? 'cảnh báo của trạm minh hoạ được GỬI THẬT qua SMS_GATEWAY/SMTP (DEMO_ALERTS_TO_GATEWAY=true) / demo alerts ARE SENT through the real gateway'
    : 'cảnh báo của trạm minh hoạ chỉ ghi vào nhật ký, không gửi SMS/e-mail thật / demo alerts go to the log only';
  return [
    '*** CHẾ ĐỘ MINH HOẠ ĐANG BẬT / DEMO MODE IS ON (DEMO=true) ***',
    `  Trạm minh hoạ nhận số liệu giả mỗi ${intervalSeconds} giây; trạm thật không bị ghi / demo stations get simulated readings every ${intervalSeconds} s; real stations are never written`,
    `  ${where}`,
    '  Đặt DEMO=0 khi vận hành thật / set DEMO=0 in production',
    '',
  ].join('\n');
}
