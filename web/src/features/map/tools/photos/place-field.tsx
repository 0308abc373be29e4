import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { Language } from '@flood/domain';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMapNumber } from '../../../../map-kit/model/map-texts';

/** Where the photo was taken (latitude, longitude). */
export interface PhotoPlace {
  lat: number;
  long: number;
}

/** About a metre: enough for a photo's place, and no more precision than a phone gives. */
export const roundCoordinate = (v: number) => Math.round(v * 1e5) / 1e5;

export interface PlaceFieldProps {
  id: string;
  value?: PhotoPlace | null;
  onChange?: (place: PhotoPlace | null) => void;
  /** 'Chọn trên bản đồ': the form hides until the map is tapped. */
  onPickOnMap: () => void;
  /** The browser found the position (the map shows it). */
  onLocated: (place: PhotoPlace) => void;
  /** Why the position could not be found. */
  onError: (text: string) => void;
  disabled?: boolean;
}

/** The photo's place: the phone's position ('Dùng vị trí của tôi') or a tap on the map, with its coordinates. */
export function PlaceField({ id, value, onChange, onPickOnMap, onLocated, onError, disabled }: PlaceFieldProps) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const [locating, setLocating] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const locate = () => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      onError(t('map.photos.geoUnsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!alive.current) return;
        setLocating(false);
        const place = {
          lat: roundCoordinate(position.coords.latitude),
          long: roundCoordinate(position.coords.longitude),
        };
        onChange?.(place);
        onLocated(place);
      },
      (error) => {
        if (!alive.current) return;
        setLocating(false);
        onError(t(error.code === error.PERMISSION_DENIED ? 'map.photos.geoDenied' : 'map.photos.geoFailed'));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="photo-place-field">
      <div className="photo-place-buttons">
        <Button
          id={id}
          icon={<AimOutlined />}
          loading={locating}
          onClick={locate}
          disabled={disabled}
          data-testid="photo-use-location"
        >
          {t('map.photos.useMyLocation')}
        </Button>
        <Button
          icon={<EnvironmentOutlined />}
          onClick={onPickOnMap}
          disabled={disabled}
          data-testid="photo-pick-on-map"
        >
          {t('map.photos.pickOnMap')}
        </Button>
      </div>
      <div className={value ? 'photo-coords' : 'photo-coords photo-coords-empty'} data-testid="photo-coords">
        {value
          ? t('map.photos.coords', {
              lat: formatMapNumber(value.lat, 5, lang),
              long: formatMapNumber(value.long, 5, lang),
            })
          : t('map.photos.noPlace')}
      </div>
    </div>
  );
}
