import { categoriesVi } from '../../features/categories/i18n/vi';
import { configVi } from '../../features/config/i18n/vi';
import { dataLayersVi } from '../../features/data-layers/i18n/vi';
import { geodataVi } from '../../features/geodata/i18n/vi';
import { smsVi } from '../../features/sms/i18n/vi';
import { usersVi } from '../../features/users/i18n/vi';

/**
 * The Vietnamese texts of the features only the back office shows (users and groups, configuration, SMS, geodata
 * files, categories, data layers): fetched with the back office's layout (`ensureBackOfficeTexts`), not by a
 * resident's first load. No public page may use these keys (i18n tables.test.ts checks their files).
 */
export const backOfficeVi = {
  ...usersVi,
  ...configVi,
  ...smsVi,
  ...geodataVi,
  ...categoriesVi,
  ...dataLayersVi,
};
