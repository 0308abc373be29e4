import { ALWAYS_GRANTED, PERMISSION_LABELS, PERMISSIONS, type Permission } from '@flood/domain';

/** The six permissions as options, labelled in the UI language; `system` is fixed when `lockSystem`. */
export function permissionOptions(language: string, lockSystem = false) {
  const lang = language === 'en' ? 'en' : 'vi';
  return PERMISSIONS.map((value: Permission) => ({
    value,
    label: PERMISSION_LABELS[value][lang],
    disabled: lockSystem && value === ALWAYS_GRANTED,
  }));
}
