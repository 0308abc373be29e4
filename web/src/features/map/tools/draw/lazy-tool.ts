import { type ComponentType, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inAntdScope } from '../../../../app/antd-lazy';
import { toast } from '../../../../lib/toast/toast';

/**
 * A tool's controls loaded on first use (the map's first load carries only its button). Until then `Controls`
 * is null; `load()` fetches them, inside the antd scope they use (fetched with them, not with the map), and a
 * failed fetch (a phone losing the network) says so instead of breaking the map, leaving the button ready for
 * another try.
 */
export function useLazyTool<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>) {
  const { t } = useTranslation();
  const [Controls, setControls] = useState<ComponentType<P> | null>(null);
  const load = useCallback(() => {
    inAntdScope(loader()).then(
      (m) => setControls((current: ComponentType<P> | null) => current ?? m.default),
      () => toast.error(t('errors.generic')),
    );
  }, [loader, t]);
  return { Controls, load };
}
