import { ALWAYS_GRANTED, PERMISSION_LABELS, PERMISSIONS, type Permission } from '@flood/domain';

/**
 * The permissions as options, labelled in the UI language; `system` is fixed when `lockSystem`, and one the
 * signed-in manager does not hold (`held`) cannot be ticked or unticked (#18: the server refuses it too).
 */
export function permissionOptions(
  language: string,
  lockSystem = false,
  held?: readonly string[],
  notHeldTitle?: string,
) {
  const lang = language === 'en' ? 'en' : 'vi';
  return PERMISSIONS.map((value: Permission) => {
    const notHeld = value !== ALWAYS_GRANTED && held !== undefined && !held.includes(value);
    return {
      value,
      label: PERMISSION_LABELS[value][lang],
      disabled: (lockSystem && value === ALWAYS_GRANTED) || notHeld,
      ...(notHeld && notHeldTitle ? { title: notHeldTitle } : {}),
    };
  });
}
