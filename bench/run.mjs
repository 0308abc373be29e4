// `npm run bench [-- foundation|readings|alerts|geodata|map]`: prints the figures the issues ask for, each against a baseline
// measured in the same run. Env: BENCH_RUNS, BENCH_SECONDS, BENCH_PG (PostgreSQL admin URL,
// default postgres://postgres@127.0.0.1:5432/postgres), BENCH_BIG_YEARS (default 10); map: BENCH_STREAMS (200),
// BENCH_PUSHES (60), BENCH_WEB_DIST (the built web app to measure, default web/dist).
import { runAlerts } from './alerts.mjs';
import { runFoundation } from './foundation.mjs';
import { runGeodata } from './geodata.mjs';
import { runMap } from './map.mjs';
import { runReadings } from './readings.mjs';

const which = process.argv[2] ?? 'all';
console.log(`Benchmark — ${new Date().toISOString()} — ${which}`);
if (which === 'all' || which === 'foundation') await runFoundation();
if (which === 'all' || which === 'readings') await runReadings();
if (which === 'all' || which === 'alerts') await runAlerts();
if (which === 'all' || which === 'geodata') await runGeodata();
if (which === 'all' || which === 'map') await runMap();
