// node lt.mjs URL RUNS → per run: score, TBT, long tasks (url, start, duration) and bootup per script
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const [url, runs = '3'] = process.argv.slice(2);
const agg = new Map();
for (let i = 0; i < Number(runs); i++) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    const a = lhr.audits;
    console.log(`run ${i + 1}: perf ${Math.round(lhr.categories.performance.score * 100)} TBT ${Math.round(a['total-blocking-time'].numericValue)} FCP ${Math.round(a['first-contentful-paint'].numericValue)} BI ${lhr.environment.benchmarkIndex}`);
    for (const t of a['long-tasks'].details?.items ?? []) console.log(`   long task ${String(Math.round(t.startTime)).padStart(5)} ms  ${String(Math.round(t.duration)).padStart(4)} ms  ${String(t.url).replace(/^https?:\/\/[^/]+/, '')}`);
    if (process.env.BOOT) for (const b of a['bootup-time'].details?.items ?? []) console.log(`   bootup ${String(b.url).replace(/^https?:\/\/[^/]+/, '')} total ${Math.round(b.total)} script ${Math.round(b.scripting)} parse ${Math.round(b.scriptParseCompile)}`);
  } finally {
    await chrome.kill();
  }
}
