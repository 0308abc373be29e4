import { AimOutlined } from '@ant-design/icons';
import type { CommuneItem } from '@flood/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaNames } from '../../../lib/area/use-area';
import { communeAt, currentPosition, geolocationSupported, type LocateFailure } from '../model/locate';
import { ChoiceGroup } from './choice-group';

/** The map comes with Leaflet in its own chunk, after the page has painted. */
const CommuneMap = lazy(() => import('./commune-map'));

type LocateState =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'found'; name: string }
  | { state: 'failed'; reason: LocateFailure | 'outside' };

const FAILURE_TEXT: Record<LocateFailure | 'outside', string> = {
  outside: 'subscriptions.outsideDistrict',
  refused: 'subscriptions.locationRefused',
  failed: 'subscriptions.locationFailed',
  unsupported: 'subscriptions.locationFailed',
};

export interface CommunePickerProps {
  id: string;
  communes: CommuneItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Where the warnings are for: the communes' names as check boxes, 'Vị trí của tôi' (the commune holding the
 * phone's position is chosen) and a small map where a tap chooses or leaves out a commune.
 */
export function CommunePicker({
  id,
  communes,
  loading,
  failed,
  onRetry,
  selected,
  onChange,
  error,
  disabled,
}: CommunePickerProps) {
  const { t } = useTranslation();
  const { areaName } = useAreaNames();
  const [locate, setLocate] = useState<LocateState>({ state: 'idle' });
  const list = communes ?? [];

  const toggle = (code: string) => {
    const next = new Set(selected);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    onChange(list.map((c) => c.gsoCode).filter((c) => next.has(c)));
  };

  const locateMe = async () => {
    setLocate({ state: 'locating' });
    try {
      const [lon, lat] = await currentPosition();
      const commune = communeAt(lon, lat, list);
      if (!commune) {
        setLocate({ state: 'failed', reason: 'outside' });
        return;
      }
      if (!selected.includes(commune.gsoCode)) toggle(commune.gsoCode);
      setLocate({ state: 'found', name: commune.name });
    } catch (reason) {
      setLocate({ state: 'failed', reason: typeof reason === 'string' ? (reason as LocateFailure) : 'failed' });
    }
  };

  const locateButton = geolocationSupported() && list.length > 0 && (
    <div className="sub-locate">
      <button
        type="button"
        className="sub-button sub-button-secondary"
        onClick={() => void locateMe()}
        disabled={disabled || locate.state === 'locating'}
        data-testid="subscribe-locate"
      >
        <AimOutlined aria-hidden /> {t('subscriptions.myLocation')}
      </button>
      <p className="sub-locate-status" role="status" data-testid="subscribe-locate-status">
        {locate.state === 'locating' && t('subscriptions.locating')}
        {locate.state === 'found' && t('subscriptions.locatedIn', { name: locate.name })}
        {locate.state === 'failed' && t(FAILURE_TEXT[locate.reason], { area: areaName })}
      </p>
    </div>
  );

  const status = loading ? (
    <p className="sub-help" role="status">
      {t('subscriptions.communesLoading')}
    </p>
  ) : failed ? (
    <p className="sub-help" role="alert">
      {t('subscriptions.communesFailed')}{' '}
      <button type="button" className="sub-link-button" onClick={onRetry}>
        {t('subscriptions.retry')}
      </button>
    </p>
  ) : null;

  return (
    <ChoiceGroup
      id={id}
      legend={t('subscriptions.communes')}
      help={t('subscriptions.communesHelp')}
      options={list.map((c) => ({ value: c.gsoCode, label: c.name }))}
      selected={selected}
      onChange={onChange}
      error={error}
      disabled={disabled}
      columns
      before={
        <>
          {status}
          {locateButton}
        </>
      }
      after={
        list.length > 0 && (
          <Suspense fallback={<div className="sub-map sub-map-placeholder" aria-hidden />}>
            <CommuneMap communes={list} selected={selected} onToggle={toggle} disabled={disabled} />
          </Suspense>
        )
      }
    />
  );
}
