import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { alertsVi } from './vi';

/**
 * English texts of the warnings banner (the map's alert toasts and the bare bar use some too): the keys of `vi.ts`, no
 * more, no fewer (checked by the type).
 */
export const alertsEn: TextsOf<typeof alertsVi> = {
  alerts: {
    title: 'Active warnings',
    level1: 'Level I',
    level2: 'Level II',
    level3: 'Level III',
    viewMap: 'View map',
    more: 'and {{count}} more',
    collapse: 'Show less',
    backToPortal: 'Back to the portal',
  },
};
