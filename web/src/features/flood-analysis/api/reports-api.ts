import { type RainReport, RainReportSchema, type WaterReport, WaterReportSchema } from '@flood/domain';
import { api } from '../../../lib/api/client';
import { queryString } from '../../../lib/api/query-string';

/** Query keys of the thematic map's reports (under `water`: a new reading or an import refreshes them). */
export const reportKeys = {
  water: (month: string) => ['water', 'report-water', month] as const,
  rain: (year: number) => ['water', 'report-rain', year] as const,
};

/** `GET /api/report-water?month=MM/YYYY`: each water station's daily mean level in the month (cm). */
export async function fetchWaterReport(month: string): Promise<WaterReport> {
  return WaterReportSchema.parse(await api.get(`/report-water${queryString({ month })}`));
}

/** `GET /api/report-rain?year=YYYY`: each rain station's total rain per month of the year (mm). */
export async function fetchRainReport(year: number): Promise<RainReport> {
  return RainReportSchema.parse(await api.get(`/report-rain${queryString({ year })}`));
}

/** The Excel file of the monthly water report (averages in metres); for `downloadFile`. */
export const waterReportExportPath = (month: string) => `/report-water/export${queryString({ month })}`;

/** The Excel file of the yearly rain report (monthly totals in mm); for `downloadFile`. */
export const rainReportExportPath = (year: number) => `/report-rain/export${queryString({ year })}`;
