import { SMS_EXAMPLE_STATION, toGsm7 } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { loadCommunes } from '../../db/seed/seed-files';
import { DEMO_STATIONS } from './demo.stations';

// The template editor's example (#24) is tried with a station name at least as long as every demo station's and
// commune's: a template it accepts fits one SMS with any of them (alerts.test.ts renders the defaults with each).
describe('the SMS example station', () => {
  it('the example station of the template editor is longer than every demo station and commune name', async () => {
    const longest = Math.max(
      ...DEMO_STATIONS.map((s) => toGsm7(s.name).length),
      ...(await loadCommunes()).map((c) => toGsm7(c.fullName).length),
    );
    expect(toGsm7(SMS_EXAMPLE_STATION).length).toBeGreaterThanOrEqual(longest);
  });
});
