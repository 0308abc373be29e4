import { wallClock } from '@flood/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'canh-bao-lu-YYYYMMDD-HHmm.png' on the district's clock: the file says which moment it shows. */
export function exportFileName(at: Date, timeZone: string, extension: 'png' | 'pdf'): string {
  const w = wallClock(at, timeZone);
  return `canh-bao-lu-${w.year}${pad(w.month)}${pad(w.day)}-${pad(w.hour)}${pad(w.minute)}.${extension}`;
}
