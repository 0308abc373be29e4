/** The readings review page (#22), opened from the stations list with `?code=` (a module of its own: the list
 * links to it without loading it). */
export const STATION_READINGS_PATH = '/database/station-readings';

export const stationReadingsPath = (code: string) => `${STATION_READINGS_PATH}?code=${encodeURIComponent(code)}`;
