/**
 * A small, deterministic rain and river model for the demo data: district rain as showers plus one storm,
 * each gauge a scaled copy with noise, and river levels following rain smoothed over ~12 hours.
 */

/** Mulberry32: a seeded pseudo-random generator, so the demo is the same at every first start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const STEP_MINUTES = 30;

/**
 * District-average rain (mm per 30 min) for each step from `start`, `steps` long. A storm lasting three
 * days peaks `stormDaysAgo` days before the end; scattered showers elsewhere.
 */
export function districtRain(steps: number, stormStartStep: number, rnd: () => number): number[] {
  const out: number[] = [];
  let shower = 0;
  for (let i = 0; i < steps; i++) {
    const inStorm = i - stormStartStep;
    let v = 0;
    if (inStorm >= 0 && inStorm < 72) {
      // Three days; the core (hours 18–42) brings 10–35 mm/h.
      const core = inStorm >= 36 && inStorm < 84 ? 1 : 0;
      v = core ? 5 + rnd() * 12 : 1 + rnd() * 4;
      if (inStorm > 40 && inStorm < 56) v += 4 + rnd() * 5;
    } else {
      if (shower <= 0 && rnd() < 0.012) shower = 2 + Math.floor(rnd() * 8);
      if (shower > 0) {
        shower--;
        v = rnd() * 3;
      }
    }
    out.push(Math.round(v * 10) / 10);
  }
  return out;
}

/** A river level (cm) answering the smoothed rain: base + gain × rain over the last ~12 h, lagged. */
export function riverLevels(rain: number[], base: number, gain: number, rnd: () => number): number[] {
  let store = 0;
  const out: number[] = [];
  for (const r of rain) {
    store = store * 0.94 + r;
    const level = base + gain * store * 0.9 + (rnd() - 0.5) * 2;
    out.push(Math.round(level * 10) / 10);
  }
  return out;
}
