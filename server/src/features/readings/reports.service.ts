import {
  cmToM,
  formatDateTimeVi,
  formatDateVi,
  type RainReport,
  type StationReading,
  type StationSeries,
  type WaterReport,
  zonedToUtc,
} from '@flood/domain';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { buildWorkbook } from '../../lib/excel';
import { allStations } from '../stations/stations.repository';
import { bucketTotals } from './readings.repository';

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const pad = (n: number) => String(n).padStart(2, '0');

/** Reports of the analysis view (permission `analyze`) and the Excel exports of back-office §9. */
export function createReportsService({ db, timeZone }: { db: Db; timeZone: string }) {
  async function rainReport(actor: Actor | undefined, year: number): Promise<RainReport> {
    requirePermission(actor, 'analyze');
    const from = zonedToUtc({ year, month: 1, day: 1, hour: 0, minute: 0 }, timeZone);
    const to = zonedToUtc({ year: year + 1, month: 1, day: 1, hour: 0, minute: 0 }, timeZone);
    const totals = await bucketTotals(db, 'rain', 'month', from, to, timeZone);
    const stations = await allStations(db, 'rain');
    return {
      year,
      stations: stations.map((s) => {
        const months = Array.from({ length: 12 }, (_, m) => {
          const key = `${year}-${pad(m + 1)}-01`;
          return round(totals.find((t) => t.stationId === s.id && t.bucket === key)?.sum ?? 0, 1);
        });
        return {
          stationCode: s.code,
          stationName: s.name,
          months,
          total: round(
            months.reduce((a, b) => a + b, 0),
            1,
          ),
        };
      }),
    };
  }

  async function waterReport(actor: Actor | undefined, month: string): Promise<WaterReport> {
    requirePermission(actor, 'analyze');
    const [mm, yyyy] = month.split('/').map(Number) as [number, number];
    const from = zonedToUtc({ year: yyyy, month: mm, day: 1, hour: 0, minute: 0 }, timeZone);
    const next = mm === 12 ? { year: yyyy + 1, month: 1 } : { year: yyyy, month: mm + 1 };
    const to = zonedToUtc({ ...next, day: 1, hour: 0, minute: 0 }, timeZone);
    const daysInMonth = new Date(Date.UTC(yyyy, mm, 0)).getUTCDate();
    const totals = await bucketTotals(db, 'water', 'day', from, to, timeZone);
    const stations = await allStations(db, 'water');
    return {
      month,
      stations: stations.map((s) => {
        const mine = totals.filter((t) => t.stationId === s.id);
        const days = Array.from({ length: daysInMonth }, (_, i) => {
          const t = mine.find((x) => x.bucket === `${yyyy}-${pad(mm)}-${pad(i + 1)}`);
          return { date: `${pad(i + 1)}/${pad(mm)}/${yyyy}`, average: t ? round(t.sum / t.count) : null };
        });
        const sum = mine.reduce((a, t) => a + t.sum, 0);
        const count = mine.reduce((a, t) => a + t.count, 0);
        return { stationCode: s.code, stationName: s.name, days, average: count ? round(sum / count) : null };
      }),
    };
  }

  return {
    rainReport,
    waterReport,

    async rainReportWorkbook(actor: Actor | undefined, year: number): Promise<Buffer> {
      const r = await rainReport(actor, year);
      return buildWorkbook({
        sheet: `Mưa ${year}`,
        title: `Tổng lượng mưa theo tháng năm ${year} (mm)`,
        columns: [
          { header: 'STT', width: 6 },
          { header: 'Mã trạm', width: 12 },
          { header: 'Tên trạm', width: 28 },
          ...Array.from({ length: 12 }, (_, i) => ({ header: `Tháng ${i + 1}`, numFmt: '0.0' })),
          { header: 'Tổng', numFmt: '0.0' },
        ],
        rows: r.stations.map((s, i) => [i + 1, s.stationCode, s.stationName, ...s.months, s.total]),
      });
    },

    async waterReportWorkbook(actor: Actor | undefined, month: string): Promise<Buffer> {
      const r = await waterReport(actor, month);
      const dates = r.stations[0]?.days.map((d) => d.date) ?? [];
      return buildWorkbook({
        sheet: `Mực nước ${month.replace('/', '-')}`,
        title: `Mực nước trung bình ngày tháng ${month} (m)`,
        columns: [
          { header: 'STT', width: 6 },
          { header: 'Ngày', width: 12 },
          ...r.stations.map((s) => ({ header: `${s.stationCode} – ${s.stationName}`, width: 24, numFmt: '0.00' })),
        ],
        rows: dates.map((d, i) => [
          i + 1,
          d,
          ...r.stations.map((s) => (s.days[i]?.average == null ? null : cmToM(s.days[i]!.average!))),
        ]),
        footer: ['', 'Trung bình', ...r.stations.map((s) => (s.average == null ? null : cmToM(s.average)))],
      });
    },

    /** One station over a range (spec §9): STT, time (h), water level (m) + an average row; rain gets a total. */
    seriesWorkbook(series: StationSeries): Promise<Buffer> {
      const water = series.kind === 'water';
      const values = series.points.map((p) => (water ? cmToM(p.value) : p.value));
      const sum = values.reduce((a, b) => a + b, 0);
      return buildWorkbook({
        sheet: series.stationCode,
        title: `${series.stationCode} – ${series.stationName}`,
        columns: [
          { header: 'STT', width: 6 },
          { header: 'Thời gian (giờ)', width: 20 },
          water
            ? { header: 'Mực nước (m)', width: 16, numFmt: '0.00' }
            : { header: 'Lượng mưa (mm)', width: 16, numFmt: '0.0' },
        ],
        rows: series.points.map((p, i) => [i + 1, formatDateTimeVi(new Date(p.time), timeZone), values[i]!]),
        footer: water
          ? ['', 'Trung bình', values.length ? round(sum / values.length) : null]
          : ['', 'Tổng', round(sum, 1)],
      });
    },

    /** Several stations at one moment. */
    momentWorkbook(readings: StationReading[], label: string): Promise<Buffer> {
      return buildWorkbook({
        sheet: 'Số liệu',
        title: label,
        columns: [
          { header: 'STT', width: 6 },
          { header: 'Mã trạm', width: 12 },
          { header: 'Tên trạm', width: 28 },
          { header: readings[0]?.kind === 'water' ? 'Mực nước (m)' : 'Lượng mưa (mm/h)', width: 18 },
          { header: 'Trạng thái', width: 16 },
        ],
        rows: readings.map((r, i) => [
          i + 1,
          r.stationCode,
          r.stationName,
          r.value == null ? null : r.kind === 'water' ? cmToM(r.value) : r.value,
          r.statusLabel,
        ]),
      });
    },

    /** Object list export (spec §9): STT, station code, name, longitude, latitude, description. */
    async stationsWorkbook(): Promise<Buffer> {
      const stations = await allStations(db);
      return buildWorkbook({
        sheet: 'Danh sách trạm',
        title: `Danh sách trạm đo (xuất ngày ${formatDateVi(new Date(), timeZone)})`,
        columns: [
          { header: 'STT', width: 6 },
          { header: 'Mã trạm', width: 12 },
          { header: 'Tên trạm', width: 28 },
          { header: 'Kinh độ', width: 12, numFmt: '0.00000' },
          { header: 'Vĩ độ', width: 12, numFmt: '0.00000' },
          { header: 'Mô tả', width: 40 },
        ],
        rows: stations.map((s, i) => [i + 1, s.code, s.name, s.longitude, s.latitude, s.description]),
      });
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
