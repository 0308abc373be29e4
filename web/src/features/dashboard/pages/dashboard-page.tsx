import '../dashboard.css';
import { type StationKind, type StationReading, unitPagePath } from '@flood/domain';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FirstView } from '../../../app/layout/first-view';
import { PageLoading } from '../../../app/layout/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useMapPath } from '../../../components/use-map-path';
import { useReadUnit } from '../../../lib/area/public-unit';
import { showPictures, usePicturesShown } from '../../../lib/data-saver';
import { latestReadingsQuery, useLatestReadings } from '../../../map-kit/hooks/use-map-data';
import { isMobileAgent } from '../../../map-kit/model/map-constants';
import { Carousel } from '../components/carousel';
import { DashboardMapPreview } from '../components/dashboard-map-preview';
import { LatestDocuments } from '../components/latest-documents';
import { StationCard } from '../components/station-card';
import { useDesktop } from '../hooks/use-desktop';
import { useNearViewport } from '../hooks/use-near-viewport';

/** Leaflet and ECharts are chunks of their own, fetched when the visitor scrolls near them. */
const DashboardMap = lazy(() => import('../components/dashboard-map'));
const StationsChart = lazy(() => import('../components/stations-chart'));

const NONE: readonly StationReading[] = [];
const stationKey = (r: StationReading) => r.stationCode;

function Loading({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <div className="dash-loading" style={{ height }} role="status">
      {t('common.loading')}
    </div>
  );
}

/**
 * The flood map section: an empty frame of the same height until the visitor scrolls near it. On phones
 * (the spec's mobile agent) it first shows the light preview, and the interactive map (Leaflet) only once
 * asked for; elsewhere the interactive map at once.
 */
function MapSection() {
  const { t } = useTranslation();
  const mapPath = useMapPath();
  const [ref, near] = useNearViewport<HTMLElement>('200px');
  const [kind, setKind] = useState<StationKind>('rain');
  const [interactive, setInteractive] = useState(() => !isMobileAgent());
  // Saving data (#25): no preview nor map (tiles, layers) until asked.
  const pictures = usePicturesShown();
  return (
    <section ref={ref} className="dash-section" aria-labelledby="dash-map-title" data-testid="dash-map-section">
      <div className="dash-section-head">
        <h2 id="dash-map-title" className="dash-heading">
          {t('dashboard.map')}
        </h2>
        <Link to={mapPath()} className="dash-more" data-testid="dash-full-map">
          {t('dashboard.fullMap')}
        </Link>
      </div>
      <p className="dash-hint">{t(interactive ? 'dashboard.mapHint' : 'dashboard.previewHint')}</p>
      <div className="dash-map">
        {near && !pictures && (
          <div className="dash-map-saver">
            <p>{t('common.savingData')}</p>
            <button type="button" className="data-saver-button" onClick={showPictures} data-testid="show-map">
              {t('common.showPictures')}
            </button>
          </div>
        )}
        {near &&
          pictures &&
          (interactive ? (
            <Suspense fallback={<Loading height={0} />}>
              <DashboardMap kind={kind} onKindChange={setKind} />
            </Suspense>
          ) : (
            <DashboardMapPreview kind={kind} onKindChange={setKind} onOpen={() => setInteractive(true)} />
          ))}
      </div>
    </section>
  );
}

/** The comparison chart: desktop only (spec §2), not even fetched on a phone, and only once scrolled near. */
function ChartSection({ rain, water }: { rain: readonly StationReading[]; water: readonly StationReading[] }) {
  const { t } = useTranslation();
  const desktop = useDesktop();
  const [ref, near] = useNearViewport<HTMLElement>('200px');
  if (!desktop) return null;
  return (
    <section ref={ref} className="dash-section dash-chart" aria-labelledby="dash-chart-title" data-testid="dash-chart">
      <h2 id="dash-chart-title" className="dash-heading">
        {t('dashboard.chart')}
      </h2>
      {near ? (
        <Suspense fallback={<Loading height={428} />}>
          <StationsChart rain={rain} water={water} />
        </Suspense>
      ) : (
        <Loading height={428} />
      )}
    </section>
  );
}

/**
 * /dashboard, the public home (spec §2): carousels of the rain and the water stations, the flood map, the
 * station comparison chart (not on phones) and the latest 4 directive documents. The readings are the map's
 * (the latest of every station, kept live by the event stream); plain markup, no antd on the first load.
 */
/**
 * What the page needs before its first render (main.tsx, #25 point 3): the readings. With them React's first
 * render is the page itself, in place of the server's first view, instead of a copy of that view first and the page
 * once the readings answer (two renders, two layouts of the whole page, the second one synchronous).
 */
export function firstQueries(unit: string | undefined) {
  return [latestReadingsQuery('rain', unit), latestReadingsQuery('water', unit)];
}

export default function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('page.dashboard'));
  const [mobile] = useState(isMobileAgent);
  const unit = useReadUnit();
  const rain = useLatestReadings('rain');
  const water = useLatestReadings('water');
  // Later updates of the readings (the event stream, a poll) render from deferred copies: React renders them as a
  // transition, in slices that yield to the browser, instead of one long task with the query's synchronous update.
  // No initial value: on its first render the page takes the readings as they are (the whole first render is
  // already a transition, main.tsx). An initial value would make every mount spawn a deferred render, and a mount
  // React does not commit at once (a Suspense boundary above revealing its content no sooner than 300 ms after its
  // fallback) would be thrown away and mounted again for each: measured, 80 mounts in those 300 ms (#25 point 3).
  const rainData = useDeferredValue(rain.data);
  const waterData = useDeferredValue(water.data);
  const rainReadings = rainData ?? NONE;
  const waterReadings = waterData ?? NONE;
  const card = (r: StationReading) => <StationCard reading={r} mobile={mobile} />;

  // Everything appears at once when the readings are in: sections that filled one by one pushed the map
  // down under the reader's eyes (a layout shift).
  const waiting = (pending: boolean, data: unknown, deferred: unknown) =>
    pending || (data !== undefined && deferred === undefined);
  const ready = !(waiting(rain.isPending, rain.data, rainData) || waiting(water.isPending, water.data, waterData));
  if (!ready) {
    // The server's first view of this page while it loads, exactly as it was (#25); a spinner after it.
    return (
      <FirstView
        part="main"
        path={unitPagePath(unit, '/dashboard')}
        fallback={
          <div className="dash-page" data-testid="dashboard">
            <h1 className="dash-visually-hidden">{t('page.dashboard')}</h1>
            <PageLoading />
          </div>
        }
      />
    );
  }

  return (
    <div className="dash-page" data-testid="dashboard">
      <h1 className="dash-visually-hidden">{t('page.dashboard')}</h1>
      <div className="dash-section dash-stations">
        <Carousel
          title={t('dashboard.rainStations')}
          items={rainReadings}
          itemKey={stationKey}
          renderItem={card}
          empty={rain.isPending ? t('common.loading') : t('dashboard.noStations')}
          data-testid="dash-rain"
        />
        <Carousel
          title={t('dashboard.waterStations')}
          items={waterReadings}
          itemKey={stationKey}
          renderItem={card}
          empty={water.isPending ? t('common.loading') : t('dashboard.noStations')}
          data-testid="dash-water"
        />
      </div>
      <MapSection />
      <ChartSection rain={rainReadings} water={waterReadings} />
      <LatestDocuments />
    </div>
  );
}
