// `npm run bench [-- part[,part…]]` (parts: foundation, readings, alerts, geodata, map, public, load; subscribers,
// which alerts includes): each part prints its figures as it goes and returns them as rows, each against a baseline
// measured in the same run; at the end one table of every figure is printed and written to BENCH_RESULTS (default
// bench/results.md; only a run of every part writes it unless BENCH_RESULTS is set). A part that fails is reported
// and the others still run.
// Env: BENCH_RUNS, BENCH_SECONDS, BENCH_ROUNDS (hot reads measured in turns, 5), BENCH_PG (PostgreSQL admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_BIG_YEARS (default 10), BENCH_IMPORT_ROWS; alerts: BENCH_ALERT_TRIALS, BENCH_RECIPIENTS, BENCH_SUBSCRIBERS
// (10000); geodata: BENCH_GEOJSON_MB; map: BENCH_STREAMS (200), BENCH_PUSHES (60), BENCH_WEB_DIST (the built web
// app, default web/dist); public: BENCH_LIGHTHOUSE_RUNS; load: BENCH_LOAD_SECONDS (60), BENCH_LOAD_STREAMS (2000),
// BENCH_LOAD_RATE (500), BENCH_LOAD_BASELINE_SECONDS (20).
import path from 'node:path';
import { runAlerts } from './alerts.mjs';
import { runFoundation } from './foundation.mjs';
import { runGeodata } from './geodata.mjs';
import { root } from './lib.mjs';
import { runLoad } from './load.mjs';
import { runMap } from './map.mjs';
import { runPublicPages } from './public-pages.mjs';
import { runReadings } from './readings.mjs';
import { textTable, writeResults } from './report.mjs';
import { runSubscribers } from './subscribers.mjs';

const PARTS = {
  foundation: runFoundation,
  readings: runReadings,
  alerts: runAlerts,
  geodata: runGeodata,
  map: runMap,
  public: runPublicPages,
  load: runLoad,
  // Part of `alerts` too; alone for a quick look at #24's figure.
  subscribers: runSubscribers,
};
const which = process.argv[2] ?? 'all';
const parts = which === 'all' ? Object.keys(PARTS) : which.split(',');
const unknown = parts.filter((p) => !PARTS[p]);
if (unknown.length) {
  console.error(`unknown part(s): ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}

const started = new Date();
console.log(`Benchmark — ${started.toISOString()} — ${parts.join(', ')}`);
const rows = [];
const failures = [];
for (const part of parts) {
  try {
    rows.push(...((await PARTS[part]()) ?? []));
  } catch (e) {
    console.error(`\n!! part ${part} failed: ${e?.stack ?? e}`);
    failures.push({ part, error: String(e?.message ?? e).split('\n')[0] });
  }
}
const seconds = (Date.now() - started.getTime()) / 1000;
console.log(`\n== Every figure, ${parts.join(', ')} (${(seconds / 60).toFixed(1)} min)\n`);
console.log(textTable(rows));
for (const f of failures) console.log(`FAILED part ${f.part}: ${f.error}`);
const target = process.env.BENCH_RESULTS ?? (which === 'all' ? path.join(root, 'bench', 'results.md') : null);
if (target) {
  await writeResults(target, { started, parts, rows, failures, seconds });
  console.log(`\nwritten to ${path.relative(process.cwd(), target)}`);
}
// A missed aim is a figure (FAIL in the table), not a broken bench: only a part that failed fails the run.
if (failures.length) process.exitCode = 1;
