import { alertsEn } from '../../features/alerts/i18n/en';
import { areaEn } from '../../features/area/i18n/en';
import { authEn } from '../../features/auth/i18n/en';
import { categoriesEn } from '../../features/categories/i18n/en';
import { configEn } from '../../features/config/i18n/en';
import { dashboardEn } from '../../features/dashboard/i18n/en';
import { dataLayersEn } from '../../features/data-layers/i18n/en';
import { feedbackEn } from '../../features/feedback/i18n/en';
import { floodAnalysisEn } from '../../features/flood-analysis/i18n/en';
import { geodataEn } from '../../features/geodata/i18n/en';
import { mapEn } from '../../features/map/i18n/en';
import { newsEn } from '../../features/news/i18n/en';
import { smsEn } from '../../features/sms/i18n/en';
import { stationsEn } from '../../features/stations/i18n/en';
import { statisticsEn } from '../../features/statistics/i18n/en';
import { subscriptionsEn } from '../../features/subscriptions/i18n/en';
import { usersEn } from '../../features/users/i18n/en';
import { warningsEn } from '../../features/warnings/i18n/en';
import { sharedEn } from './shared.en';
import type { TextsOf } from './texts-of';
import type { Messages } from './vi';

const { errors, ...shell } = sharedEn;

/**
 * English texts, assembled like `vi.ts` from the shared table and each feature's `i18n/en.ts`. Only this module
 * imports them, and `index.ts` imports it lazily: English stays out of the first load. The type checks that the
 * assembly has every section of `vi`.
 */
export const en: TextsOf<Messages> = {
  ...shell,
  ...authEn,
  ...usersEn,
  ...stationsEn,
  ...configEn,
  ...statisticsEn,
  ...smsEn,
  ...alertsEn,
  ...geodataEn,
  ...categoriesEn,
  ...dataLayersEn,
  ...mapEn,
  ...newsEn,
  ...dashboardEn,
  ...feedbackEn,
  ...floodAnalysisEn,
  ...warningsEn,
  ...subscriptionsEn,
  ...areaEn,
  errors,
};
