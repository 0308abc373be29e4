import './locate.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, TOAST_MS, toast } from '../../../../lib/toast/toast';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import { LOCATE_ICON } from '../draw/tool-icons';

/**
 * 'Vị trí của tôi' (spec §2, §7 browser geolocation): the map flies to where the phone is, with a marker and
 * its accuracy circle. The geolocation code loads on the first press; 'Làm mới bản đồ' removes the position.
 */
export function LocateTool({ map, resetSignal }: MapToolProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const shown = useRef<(() => void) | null>(null);

  // 'Làm mới bản đồ' (and leaving the page) removes the shown position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the signal only
  useEffect(
    () => () => {
      shown.current?.();
      shown.current = null;
    },
    [resetSignal],
  );

  const locate = async () => {
    if (!map || busy) return;
    setBusy(true);
    try {
      const { locateOnMap } = await import('./locate-engine');
      const removed = await locateOnMap(
        map,
        t,
        // One toast at a time: a second refusal replaces the first.
        (text, heading) => showToast('error', text, TOAST_MS, { key: 'map-locate', heading, testId: 'locate-message' }),
        i18n.language === 'en' ? 'en' : 'vi',
      );
      if (removed) {
        shown.current?.();
        shown.current = removed;
      }
    } catch {
      toast.error(t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolButton
      label={t('map.locate.tool')}
      icon={<span className={busy ? 'locate-icon locate-busy' : 'locate-icon'}>{LOCATE_ICON}</span>}
      onClick={locate}
      testId="map-locate"
    />
  );
}
