import { wallClock } from '@flood/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/** The `date`, `hour` and `minute` of the station push call for an instant, as a district data logger sends them. */
export function pushTime(t: Date, timeZone = 'Asia/Ho_Chi_Minh'): { date: string; hour: string; minute: string } {
  const w = wallClock(t, timeZone);
  return { date: `${pad(w.day)}/${pad(w.month)}/${w.year}`, hour: pad(w.hour), minute: pad(w.minute) };
}
