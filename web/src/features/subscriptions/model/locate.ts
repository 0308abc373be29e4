import { type CommuneItem, type PolygonalGeometry, pointInGeometry } from '@flood/domain';

/** The commune whose outline holds a point (WGS84), or null outside the district. */
export function communeAt(lon: number, lat: number, communes: readonly CommuneItem[]): CommuneItem | null {
  return communes.find((c) => pointInGeometry(lon, lat, c.geometry as PolygonalGeometry)) ?? null;
}

export type LocateFailure = 'refused' | 'failed' | 'unsupported';

export function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);
}

/** The device's position once ([longitude, latitude]); a coarse fix is enough to find a commune. */
export function currentPosition(): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    if (!geolocationSupported()) {
      reject('unsupported' satisfies LocateFailure);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve([position.coords.longitude, position.coords.latitude]),
      (error) => reject((error?.code === 1 ? 'refused' : 'failed') satisfies LocateFailure),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 300_000 },
    );
  });
}
