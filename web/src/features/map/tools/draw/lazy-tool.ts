import { App } from 'antd';
import { type ComponentType, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A tool's controls loaded on first use (the map's first load carries only its button). Until then `Controls`
 * is null; `load()` fetches them, and a failed fetch (a phone losing the network) says so instead of breaking
 * the map, leaving the button ready for another try.
 */
export function useLazyTool<P>(loader: () => Promise<{ default: ComponentType<P> }>) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [Controls, setControls] = useState<ComponentType<P> | null>(null);
  const load = useCallback(() => {
    loader().then(
      (m) => setControls(() => m.default),
      () => message.error(t('errors.generic')),
    );
  }, [loader, message, t]);
  return { Controls, load };
}
