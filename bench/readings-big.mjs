// The big-data fill of the readings part (bench/readings.mjs): years of 10-minute readings and their hourly
// rollups written straight into PostgreSQL, as a district would hold after years of service.
import pg from 'pg';
import { fmt } from './lib.mjs';

/** The stations × `years` years of 10-minute readings written straight into PostgreSQL, with rollups. */
export async function fillBig(url, stations, years) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const end = new Date();
  end.setUTCMinutes(0, 0, 0);
  const start = new Date(end.getTime() - years * 365 * 86_400_000);
  const t0 = performance.now();
  await c.query('SET synchronous_commit = off');
  for (const [i, s] of stations.entries()) {
    await c.query(
      `insert into readings (station_id, observed_at, value)
       select $1, t, case when $2 = 'rain' then greatest(0, random() * 6 - 4) else 80 + 40 * sin(extract(epoch from t) / 86400) + random() * 5 end
       from generate_series($3::timestamptz, $4::timestamptz, interval '10 minutes') t
       on conflict do nothing`,
      [s.id, s.kind, start.toISOString(), end.toISOString()],
    );
    await c.query(
      `insert into readings_hourly (station_id, hour, sum, count, min, max, last_value, last_at)
       select station_id, date_trunc('hour', observed_at, 'UTC'), sum(value), count(*), min(value), max(value),
         (array_agg(value order by observed_at desc))[1], max(observed_at)
       from readings where station_id = $1 group by 1, 2
       on conflict (station_id, hour) do nothing`,
      [s.id],
    );
    process.stdout.write(
      `\r   filling: station ${i + 1}/${stations.length} (${fmt((performance.now() - t0) / 1000)} s)`,
    );
  }
  await c.query('analyze readings; analyze readings_hourly');
  const { rows } = await c.query('select count(*)::bigint as n from readings');
  const hourly = (await c.query('select count(*)::bigint as n from readings_hourly')).rows[0].n;
  await c.end();
  process.stdout.write('\n');
  return { rows: Number(rows[0].n), hourly: Number(hourly), seconds: (performance.now() - t0) / 1000 };
}
