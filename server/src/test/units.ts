import type { FastifyInstance } from 'fastify';
import { pushTime } from './push-time';
import { bearer } from './test-app';

/**
 * Two communes of the built-in area (the former district's pre-2025 units) and points inside them, for the tests of
 * units (#26): a commune officer's scope, a unit's public pages.
 */
export const THANH_SON = '06973';
export const DON_DAC = '06988';
/** Label points inside the communes (seed/geo/commune_label_points.geojson). */
export const IN_THANH_SON = { lat: 21.30228, long: 107.21155 };
export const IN_DON_DAC = { lat: 21.2035, long: 107.24719 };

/** An officer's flood warning body for `communes`, in force for the next 12 hours (banner only). */
export function floodWarning(communes: string[], headline = 'Lũ lên báo động 2, sơ tán các hộ ven sông') {
  const now = Date.now();
  return {
    kind: 'flood',
    communes,
    severityScale: 'level',
    severity: 2,
    headlineVi: headline,
    descriptionVi: 'Mực nước sông đạt 3,32 m lúc 10:00, trên báo động 2 0,32 m và đang lên.',
    instructionVi: 'Các hộ ven sông di chuyển đến nhà văn hoá thôn trước 14:00.',
    effectiveAt: new Date(now - 60_000).toISOString(),
    expiresAt: new Date(now + 12 * 3_600_000).toISOString(),
    channels: ['banner'],
  };
}

/**
 * A water station made through the API by `token`'s holder at `at` (levels I–III 100, 150, 200 cm), with an automatic
 * alert on it: a reading of 250 cm pushed as its logger would, the alert engine waited for. Throws on any refusal.
 */
export async function stationWithAlert(
  app: FastifyInstance,
  token: string,
  s: { code: string; name: string; at: { lat: number; long: number } },
): Promise<{ id: number; unitCode: string | null; pushKey: string }> {
  const st = await app.inject({
    method: 'POST',
    url: '/api/station',
    headers: bearer(token),
    payload: {
      code: s.code,
      name: s.name,
      description: 'Cầu',
      ...s.at,
      warningLevel1: 100,
      warningLevel2: 150,
      warningLevel3: 200,
    },
  });
  if (st.statusCode !== 200) throw new Error(`station ${s.code}: ${st.statusCode} ${st.body}`);
  const station = st.json() as { id: number; unitCode: string | null; pushKey: string };
  const q = new URLSearchParams({ stationCode: s.code, ...pushTime(new Date()), value: '250', key: station.pushKey });
  const pushed = await app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` });
  if (pushed.statusCode !== 200) throw new Error(`push ${s.code}: ${pushed.statusCode} ${pushed.body}`);
  await app.alertEngine.idle();
  return station;
}
