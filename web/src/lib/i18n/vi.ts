import { alertsVi } from '../../features/alerts/i18n/vi';
import { areaVi } from '../../features/area/i18n/vi';
import { authVi } from '../../features/auth/i18n/vi';
import { dashboardVi } from '../../features/dashboard/i18n/vi';
import { feedbackVi } from '../../features/feedback/i18n/vi';
import { floodAnalysisVi } from '../../features/flood-analysis/i18n/vi';
import { mapVi } from '../../features/map/i18n/vi';
import { newsVi } from '../../features/news/i18n/vi';
import { stationsVi } from '../../features/stations/i18n/vi';
import { statisticsVi } from '../../features/statistics/i18n/vi';
import { subscriptionsVi } from '../../features/subscriptions/i18n/vi';
import { warningsVi } from '../../features/warnings/i18n/vi';
import type { backOfficeVi } from './back-office.vi';
import { sharedVi } from './shared.vi';

const { errors, ...shell } = sharedVi;

/**
 * Vietnamese texts of the portal (default language) in every first load: the shared ones (`shared.vi.ts`) and the
 * table of each feature a public page can show (`features/<feature>/i18n/vi.ts`). The back office's own features
 * are in `back-office.vi.ts`, loaded with the back office (#25, point 3: ~4 KB gzip less on every public page).
 * `en.ts` assembles the keys of both.
 */
export const vi = {
  ...shell,
  ...authVi,
  ...stationsVi,
  ...statisticsVi,
  ...alertsVi,
  ...mapVi,
  ...newsVi,
  ...dashboardVi,
  ...feedbackVi,
  ...floodAnalysisVi,
  ...warningsVi,
  ...subscriptionsVi,
  ...areaVi,
  errors,
};

/** Every text of the portal: the first load's and the back office's. */
export type Messages = typeof vi & typeof backOfficeVi;
