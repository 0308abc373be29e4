import { alertsVi } from '../../features/alerts/i18n/vi';
import { areaVi } from '../../features/area/i18n/vi';
import { authVi } from '../../features/auth/i18n/vi';
import { categoriesVi } from '../../features/categories/i18n/vi';
import { configVi } from '../../features/config/i18n/vi';
import { dashboardVi } from '../../features/dashboard/i18n/vi';
import { dataLayersVi } from '../../features/data-layers/i18n/vi';
import { feedbackVi } from '../../features/feedback/i18n/vi';
import { floodAnalysisVi } from '../../features/flood-analysis/i18n/vi';
import { geodataVi } from '../../features/geodata/i18n/vi';
import { mapVi } from '../../features/map/i18n/vi';
import { newsVi } from '../../features/news/i18n/vi';
import { smsVi } from '../../features/sms/i18n/vi';
import { stationsVi } from '../../features/stations/i18n/vi';
import { statisticsVi } from '../../features/statistics/i18n/vi';
import { subscriptionsVi } from '../../features/subscriptions/i18n/vi';
import { usersVi } from '../../features/users/i18n/vi';
import { warningsVi } from '../../features/warnings/i18n/vi';
import { sharedVi } from './shared.vi';

const { errors, ...shell } = sharedVi;

/**
 * Vietnamese texts of the portal (default language): the shared ones (`shared.vi.ts`) and each feature's table
 * (`features/<feature>/i18n/vi.ts`), in the order the sections always had. `en.ts` assembles the same keys.
 */
export const vi = {
  ...shell,
  ...authVi,
  ...usersVi,
  ...stationsVi,
  ...configVi,
  ...statisticsVi,
  ...smsVi,
  ...alertsVi,
  ...geodataVi,
  ...categoriesVi,
  ...dataLayersVi,
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

export type Messages = typeof vi;
