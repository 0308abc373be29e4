import { type Dispatch, lazy, type SetStateAction, Suspense } from 'react';
import { inAntdScope } from '../../app/antd-lazy';

/** The station dialog is antd's Modal: it comes, with antd's scope, when a station is first opened. */
const loadStationModal = async () => ({ default: (await import('./station-modal')).StationModal });
const StationModal = lazy(() => inAntdScope(loadStationModal()));

/** The station a map shows in its dialog: open, or closing (kept until the dialog's closing motion ends). */
export interface OpenedStation {
  code: string;
  open: boolean;
}

/**
 * A map's station dialog (the public map, the dashboard's map): nothing until a station is opened, then the dialog
 * of `opened`, loaded on that first opening so neither page's first load has antd (#25 point 3).
 */
export function StationCard({
  opened,
  mobile,
  onChange,
}: {
  opened: OpenedStation | null;
  mobile: boolean;
  onChange: Dispatch<SetStateAction<OpenedStation | null>>;
}) {
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <StationModal
        key={opened.code}
        stationCode={opened.code}
        open={opened.open}
        mobile={mobile}
        onClose={() => onChange((m) => (m ? { ...m, open: false } : m))}
        afterClose={() => onChange((m) => (m && !m.open ? null : m))}
      />
    </Suspense>
  );
}
