import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import {
  areaTexts,
  isMobileAgent,
  NEWS_HOME_SIZE,
  type Position,
  positionsOf,
  splitUnitPath,
  unitFullName,
} from '@flood/domain';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { type AlertingDeps, registerAlerting } from './app/alerting';
import { registerApiDocs } from './app/api-docs';
import { PORTAL_SECURITY_HEADERS } from './app/content-security-policy';
import {
  renderDashboardFirstView,
  renderMapFirstView,
  renderNewsFirstView,
  withUnitLinks,
} from './app/first-view.html';
import { channelGatewaysOf, emailGatewayOf, smsGatewayOf } from './app/gateways';
import { createHttpServer } from './app/http-server';
import { runPeriodically } from './app/periodic';
import type { Config } from './config';
import type { Database } from './db/client';
import { activeAlerts } from './features/alerts/alerts.routes';
import { createStationAlerts } from './features/alerts/clear-station-alerts';
import { createCorrectionAlerts } from './features/alerts/correction-alerts';
import { areaRoutes } from './features/area/area.routes';
import { createAreaService } from './features/area/area.service';
import { auditRoutes } from './features/audit/audit.routes';
import { createAccountService } from './features/auth/account.service';
import { purgeExpiredAuthRows } from './features/auth/auth.repository';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createAltchaHumanCheck, createRedisReplayStore, type HumanCheck } from './features/auth/human-check';
import { categoriesRoutes } from './features/categories/categories.routes';
import { createCategoriesService } from './features/categories/categories.service';
import { configRoutes } from './features/config/config.routes';
import { createConfigService } from './features/config/config.service';
import { damageRoutes } from './features/damage/damage.routes';
import { createDamageService } from './features/damage/damage.service';
import { createDataLayersCache } from './features/data-layers/data-layers.cache';
import { dataLayersRoutes } from './features/data-layers/data-layers.routes';
import { createDataLayersService } from './features/data-layers/data-layers.service';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { createFeedbackService } from './features/feedback/feedback.service';
import { filesRoutes } from './features/files/files.routes';
import { createFilesService } from './features/files/files.service';
import { floodAnalysisRoutes } from './features/flood-analysis/flood-analysis.routes';
import { createFloodAnalysisService } from './features/flood-analysis/flood-analysis.service';
import { createFloodEventDetector } from './features/flood-events/flood-events.detector';
import { floodEventsRoutes } from './features/flood-events/flood-events.routes';
import { createFloodEventsService } from './features/flood-events/flood-events.service';
import { floodPhotosRoutes } from './features/flood-photos/flood-photos.routes';
import { createFloodPhotosService } from './features/flood-photos/flood-photos.service';
import { geodataRoutes } from './features/geodata/geodata.routes';
import { createGeodataService } from './features/geodata/geodata.service';
import { createGeodataFilesCache } from './features/geodata/geodata-files.cache';
import { createGeoLayers } from './features/geodata/geodata-layers';
import { createReportDataService } from './features/geodata/report-data.service';
import { groupsRoutes } from './features/groups/groups.routes';
import { createGroupsService } from './features/groups/groups.service';
import { healthRoutes, mapTilesOf } from './features/health/health.routes';
import { newsRoutes } from './features/news/news.routes';
import { createNewsService } from './features/news/news.service';
import { createNewsListCache } from './features/news/news-list.cache';
import { openDataRoutes } from './features/open-data/open-data.routes';
import { createOpenDataService } from './features/open-data/open-data.service';
import { importRoutes } from './features/readings/import.routes';
import { createImportService } from './features/readings/import.service';
import { createLatestReadingsCache } from './features/readings/latest-readings.cache';
import { createPushService } from './features/readings/push.service';
import { createReadingWriter } from './features/readings/reading-writer';
import { stationReadings } from './features/readings/readings.repository';
import { readingsRoutes } from './features/readings/readings.routes';
import { createReadingsService } from './features/readings/readings.service';
import { reportsRoutes } from './features/readings/reports.routes';
import { createReportsService } from './features/readings/reports.service';
import { reviewRoutes } from './features/readings/review.routes';
import { createReviewService } from './features/readings/review.service';
import { createStationLookup } from './features/readings/station-lookup';
import { createOsrmRouter } from './features/routing/osrm.client';
import { routingRoutes } from './features/routing/routing.routes';
import { createRoutingService } from './features/routing/routing.service';
import { createSavedRoutesService } from './features/routing/saved-routes.service';
import { createNominatimGeocoder } from './features/search/nominatim.client';
import { searchRoutes } from './features/search/search.routes';
import { createSearchService } from './features/search/search.service';
import { stationsRoutes } from './features/stations/stations.routes';
import { createStationsService } from './features/stations/stations.service';
import { usersRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { registerAccessControl } from './lib/access.plugin';
import type { ChannelGateway } from './lib/channels/channel';
import type { EmailGateway } from './lib/email-gateway';
import { createMemoryEventBus, type EventBus } from './lib/events';
import { eventsRoutes } from './lib/events.routes';
import { registerHotReads } from './lib/hot-reads';
import { registerNulGuard } from './lib/nul-guard';
import { createExpiringCache } from './lib/prepared-body';
import { redisStoreWithLocalFallback } from './lib/rate-limit-store';
import { registerSecurityHeaders } from './lib/security-headers';
import type { SmsGateway } from './lib/sms-gateway';
import { createLocalStorage, type FileStorage } from './lib/storage';
import { type FirstView, registerWeb } from './lib/web.plugin';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to the configured gateway (log: server log + sms_outbox table). */
  sms?: SmsGateway;
  email?: EmailGateway;
  /** Web push and Zalo (#24); default: web push with the portal's VAPID keys, Zalo when ZALO_* are set. */
  push?: ChannelGateway;
  zalo?: ChannelGateway;
  /** Outbox worker timing (tests shorten it). */
  dispatch?: AlertingDeps['dispatch'];
  humanCheck?: HumanCheck;
  /** Uploaded files; defaults to DATA_DIR/files. */
  storage?: FileStorage;
  /** Defaults to the in-process bus. */
  bus?: EventBus;
  /** With REDIS_URL: rate-limit counters shared by every process (config.REDIS_PREFIX + 'rate-limit:'). */
  rateLimitRedis?: Redis;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole HTTP application; main.ts listens with it, tests call `inject` on it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = createHttpServer(config, deps.logger);

  const now = deps.now ?? (() => new Date());
  const db = database.db;
  const sms = deps.sms ?? smsGatewayOf(config, db, app.log);
  // A Redis outage: each process falls back to its own memory (used challenges, rate-limit counts), warned once a minute.
  let redisWarnedAt = 0;
  const redisDown = (err: unknown) => {
    if (Date.now() - redisWarnedAt < 60_000) return;
    redisWarnedAt = Date.now();
    app.log.warn({ err }, 'Redis unreachable: used login challenges and rate limits are counted in this process');
  };
  const humanCheck =
    deps.humanCheck ??
    createAltchaHumanCheck({
      secret: config.ALTCHA_SECRET,
      cost: config.ALTCHA_COST,
      maxCounter: config.ALTCHA_MAX_COUNTER,
      // With REDIS_URL a solved challenge is accepted once by all the processes together.
      replay: deps.rateLimitRedis
        ? createRedisReplayStore(deps.rateLimitRedis, config.REDIS_PREFIX, { onFallback: redisDown })
        : undefined,
    });
  const auth = createAuthService({ db, config, humanCheck, now });
  const bus = deps.bus ?? createMemoryEventBus();
  // The area the portal serves and its units (#26): every text naming it and the communes of warnings read from here.
  const storage = deps.storage ?? createLocalStorage(path.join(config.DATA_DIR, 'files'));
  const geoLayers = createGeoLayers({ db, storage });
  const area = createAreaService({ db, bus, layers: geoLayers, now });
  app.decorate('area', area);
  const account = createAccountService({ db, config, sms, now, area: area.settings });
  const configService = createConfigService({ db, bus });
  const timeZone = config.TZ_DISTRICT;

  const securityHeaders = PORTAL_SECURITY_HEADERS;
  // First onRequest hook: prepared bytes of hot public reads leave before the rest of the lifecycle.
  const hotReads = registerHotReads(app, securityHeaders, { bus, now: () => now().getTime() });
  app.decorate('hotReads', hotReads);
  registerSecurityHeaders(app, securityHeaders);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Per process by default; with Redis one count for all processes, and during a Redis outage per process again.
  await app.register(rateLimit, {
    global: false,
    ...(deps.rateLimitRedis
      ? { store: redisStoreWithLocalFallback(deps.rateLimitRedis, `${config.REDIS_PREFIX}rate-limit:`, redisDown) }
      : {}),
  });
  await registerApiDocs(app);

  registerAccessControl(app, auth.resolveToken);
  registerNulGuard(app);
  await app.register(healthRoutes, {
    database,
    redis: deps.rateLimitRedis,
    demo: config.DEMO,
    demoAlertsToGateway: config.DEMO_ALERTS_TO_GATEWAY,
    timeZone: config.TZ_DISTRICT,
    mapTiles: mapTilesOf(config),
  });
  await app.register(authRoutes, { auth, account, loginPerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE });
  // Expired sessions, old login attempts and spent phone codes go at start and every hour.
  runPeriodically(app, 'purging expired sessions', 3_600_000, () => purgeExpiredAuthRows(db, now()), {
    atStart: true,
  });
  await app.register(auditRoutes, { db });
  // Groups and users may be limited to some units of the area (#26 point 3).
  const unitCodes = async () => (await area.settings()).units.map((u) => u.code);
  await app.register(groupsRoutes, { groups: createGroupsService({ db, unitCodes }) });
  await app.register(usersRoutes, { users: createUsersService({ db, unitCodes }) });
  await app.register(configRoutes, { config: configService });
  await app.register(areaRoutes, { area });
  await app.register(categoriesRoutes, { categories: createCategoriesService({ db }) });
  const dataLayers = createDataLayersService({ db, bus });
  await app.register(dataLayersRoutes, { dataLayers, cache: createDataLayersCache({ dataLayers, bus }), hotReads });
  const readings = createReadingsService({
    db,
    webParameters: configService.webParameters,
    timeZone,
    now,
    units: area.units,
  });
  const latest = createLatestReadingsCache({ readings, webParameters: configService.webParameters, bus, now });
  await app.register(stationsRoutes, {
    stations: createStationsService({
      db,
      bus,
      readings: stationReadings,
      alerts: createStationAlerts(bus),
      now,
      units: area.units,
    }),
  });
  // The quality rules of readings (#22); off only for the bench's baseline (README).
  const qualityRules = config.READING_QUALITY_RULES;
  await app.register(readingsRoutes, {
    push: createPushService({
      stations: createStationLookup(db, bus),
      writer: createReadingWriter(db, {
        now,
        bus,
        qualityRules: qualityRules ? configService.webParameters : undefined,
      }),
      bus,
      timeZone,
      now,
    }),
    readings,
    latest,
    hotReads,
    isUnit: area.isUnit,
  });
  await app.register(reportsRoutes, {
    reports: createReportsService({ db, timeZone }),
    readings,
    exportLimit: { max: config.EXPORT_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
  });
  await app.register(openDataRoutes, {
    openData: createOpenDataService({ db, readings, webParameters: configService.webParameters, now }),
  });
  await app.register(importRoutes, {
    imports: createImportService({
      db,
      bus,
      timeZone,
      now,
      logger: app.log,
      webParameters: configService.webParameters,
      qualityRules,
      units: area.units,
    }),
  });
  await registerAlerting(app, {
    config,
    db,
    bus,
    webParameters: configService.webParameters,
    sms,
    email: deps.email ?? emailGatewayOf(config, app.log),
    ...channelGatewaysOf(config, db, deps),
    humanCheck,
    dispatch: deps.dispatch,
    now,
  });
  // Staff correct readings (#22); a correction reviews the station's open alerts through the warning side.
  await app.register(reviewRoutes, {
    review: createReviewService({
      db,
      bus,
      alerts: createCorrectionAlerts({
        bus,
        dispatcher: app.dispatcher,
        engine: app.alertEngine,
        subscribers: { routing: app.subscriberRouting, timeZone: config.TZ_DISTRICT },
      }),
      webParameters: configService.webParameters,
      timeZone,
      now,
      unitOf: area.unitOfStation,
    }),
  });
  const geojsonMaxBytes = config.GEODATA_MAX_MB * 1024 * 1024;
  // Flood analysis (issue #10): flood extents are measured against the communes when they are stored.
  const floodAnalysis = createFloodAnalysisService({
    db,
    storage,
    logger: app.log,
    // The area's units once set (#26): the flooded area is measured per unit, and again when the units change.
    units: async () => {
      if (await area.isDefault()) return null;
      return (await area.communes()).map((c) => ({
        id: c.gsoCode,
        code: c.gsoCode,
        name: c.name,
        fullName: c.fullName,
        geometry: c.geometry,
      }));
    },
  });
  bus.subscribe((e) => {
    if (e.type === 'area' && !e.remote)
      void floodAnalysis.remeasureAll().catch((err) => app.log.warn({ err }, 'flood layers could not be queued'));
  });
  // The unit layer's corners (the communes' boundaries), for VN-2000 degrees presented as WGS84 (#26 point 5);
  // set below once the layers' cache exists.
  let unitCorners: () => Promise<readonly Position[] | null> = async () => null;
  const geodata = createGeodataService({
    db,
    storage,
    geojsonMaxBytes,
    onStored: floodAnalysis.afterStore,
    bus,
    unitCorners: () => unitCorners(),
  });
  await app.register(geodataRoutes, {
    geodata,
    reportData: createReportDataService({ db, storage }),
    storage,
    geojsonMaxBytes,
    hotReads,
    files: createGeodataFilesCache({ geodata, storage, bus }),
  });
  const floodPhotoMaxBytes = config.FLOOD_PHOTO_MAX_MB * 1024 * 1024;
  await app.register(floodPhotosRoutes, {
    floodPhotos: createFloodPhotosService({ db, storage, maxBytes: floodPhotoMaxBytes }),
    maxBytes: floodPhotoMaxBytes,
    rateLimit: { max: config.FLOOD_PHOTO_RATE_LIMIT, windowMs: config.FLOOD_PHOTO_RATE_WINDOW_MINUTES * 60_000 },
  });
  // News, directive documents, the about page, view counts, uploads and feedback (issue #9).
  const filesMaxBytes = config.FILES_MAX_MB * 1024 * 1024;
  await app.register(filesRoutes, {
    files: createFilesService({ db, storage, maxBytes: filesMaxBytes }),
    maxBytes: filesMaxBytes,
    hotReads,
  });
  const news = createNewsService({ db, bus, timeZone, now, isUnit: area.isUnit });
  const newsLists = createNewsListCache({ news, bus, now });
  await app.register(newsRoutes, {
    news,
    listCache: newsLists,
    hotReads,
    viewLimit: { max: config.VIEW_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
  });
  await app.register(feedbackRoutes, {
    feedback: createFeedbackService({ db }),
    rateLimit: { max: config.FEEDBACK_RATE_LIMIT, windowMs: config.FEEDBACK_RATE_WINDOW_MINUTES * 60_000 },
  });
  // Route planning and place search over the current base layers (issue #8); external services only when set.
  const regionCorners = geoLayers.derived(['REGION'], ([region]) => {
    const out: Position[] = [];
    for (const f of region?.features ?? [])
      for (const p of positionsOf((f as { geometry?: unknown }).geometry)) out.push(p);
    return out.length > 0 ? out : null;
  });
  unitCorners = async () => regionCorners(await geoLayers.versions(['REGION']));
  const external = config.ROUTING_URL
    ? createOsrmRouter({
        baseUrl: config.ROUTING_URL,
        profile: config.ROUTING_PROFILE,
        timeoutMs: config.ROUTING_TIMEOUT_MS,
      })
    : undefined;
  const routing = createRoutingService({ layers: geoLayers, external, logger: app.log, unitBounds: area.bbox });
  await app.register(routingRoutes, {
    routing,
    savedRoutes: createSavedRoutesService({ db, bounds: routing.bounds }),
    rateLimit: { max: config.ROUTE_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
  });
  const geocoder = config.GEOCODER_URL
    ? createNominatimGeocoder({
        baseUrl: config.GEOCODER_URL,
        timeoutMs: config.GEOCODER_TIMEOUT_MS,
        userAgent: `flood-portal/1.0${config.PUBLIC_URL ? ` (${config.PUBLIC_URL})` : ''}`,
      })
    : undefined;
  await app.register(searchRoutes, {
    search: createSearchService({ db, layers: geoLayers, bus, bounds: routing.bounds, geocoder, logger: app.log }),
  });
  // Flood events detected from the water readings, damage records, flood analysis data (issue #10).
  const floodEventDetector = createFloodEventDetector({
    db,
    bus,
    webParameters: configService.webParameters,
    logger: app.log,
    now,
  });
  app.decorate('floodEventDetector', floodEventDetector);
  app.decorate('floodAnalysis', floodAnalysis);
  app.addHook('onReady', async () => {
    void floodAnalysis.resume().catch((err) => app.log.warn({ err }, 'flood analysis resume failed'));
  });
  app.addHook('onClose', async () => {
    floodEventDetector.stop();
    await floodEventDetector.idle();
    await floodAnalysis.idle();
  });
  await app.register(floodEventsRoutes, {
    floodEvents: createFloodEventsService({ db, timeZone, now, detector: floodEventDetector }),
  });
  await app.register(damageRoutes, { damage: createDamageService({ db, timeZone }) });
  await app.register(floodAnalysisRoutes, { floodAnalysis });
  await app.register(eventsRoutes, {
    bus,
    maxPerAddress: config.EVENTS_MAX_PER_ADDRESS,
    maxTotal: config.EVENTS_MAX_TOTAL,
  });
  // The first views (#25): warnings and latest readings in the HTML of the dashboard (one for phones, one for other
  // screens), of the phone map and of the news page, from the hot reads, made anew after any event that changes them.
  type FirstViewKind = 'phone' | 'desktop' | 'map' | 'news' | 'news-saving';
  /** The first view of a kind of page, of one unit's pages with `unitCode`, from the hot reads. */
  const renderFirstView = async (kind: FirstViewKind, unitCode: string | undefined): Promise<FirstView> => {
    const warnings = await app.activeWarnings(unitCode);
    const alerts = await activeAlerts(
      db,
      false,
      await configService.webParameters(),
      unitCode ? { code: unitCode, unitOf: area.unitOfStation } : undefined,
    );
    if (kind === 'news' || kind === 'news-saving') {
      const items = async (type: 'WARNING' | 'NORMAL') =>
        JSON.parse(
          (await newsLists.get({ page: 1, pageSize: NEWS_HOME_SIZE, type, unit: unitCode })).identity.body.toString(
            'utf8',
          ),
        ).items;
      return renderNewsFirstView({
        warnings,
        alerts,
        warning: await items('WARNING'),
        activity: await items('NORMAL'),
        timeZone,
        pictures: kind === 'news',
      });
    }
    const content = {
      warnings,
      alerts,
      water: JSON.parse((await latest.get('CURRENT_HIGH', unitCode)).identity.body.toString('utf8')),
      rain: JSON.parse((await latest.get('CURRENT_RAIN', unitCode)).identity.body.toString('utf8')),
      timeZone,
    };
    return kind === 'map'
      ? renderMapFirstView(content)
      : renderDashboardFirstView({ ...content, mobile: kind === 'phone' });
  };
  const firstViews = createExpiringCache(
    // `kind` or `kind|unit`: a unit's pages show its warnings, alerts, stations and news, linking to its pages (#26).
    async (key: string) => {
      const [kind, unitCode] = key.split('|') as [FirstViewKind, string | undefined];
      const expiresAt = now().getTime() + 5_000;
      if (unitCode && !(await area.isUnit(unitCode))) return { value: null, expiresAt };
      const view = await renderFirstView(kind, unitCode);
      return { value: unitCode ? withUnitLinks(view, unitCode) : view, expiresAt };
    },
    // The kinds times the area's units, and any unit path asked for (its view is null): the oldest go first.
    { now: () => now().getTime(), maxKeys: 256 },
  );
  // Whatever they show changed: the next page gets a new one (the 5 s are a backstop, and the warnings' expiry).
  bus.subscribe((e) => {
    if (
      ['reading', 'alert', 'warning', 'config', 'stations-changed', 'news-changed', 'area', 'geodata-changed'].includes(
        e.type,
      )
    )
      firstViews.drop();
  });
  // Which first view a page gets: the dashboard's for a phone (the domain's isMobileAgent, as the web's) or
  // other screens, the phone map's, the news page's (a browser sending Save-Data: the drawn default pictures);
  // on a unit's pages (`/xa/{code}/…`), that unit's.
  const firstViewKey = (route: string, request: FastifyRequest): string | null => {
    const { unit, path: own } = splitUnitPath(route);
    const kind: FirstViewKind | null =
      own === '/dashboard'
        ? isMobileAgent(String(request.headers['user-agent'] ?? ''))
          ? 'phone'
          : 'desktop'
        : own === '/maps-mobile'
          ? 'map'
          : own === '/news'
            ? request.headers['save-data'] === 'on'
              ? 'news-saving'
              : 'news'
            : null;
    return kind && unit ? `${kind}|${unit}` : kind;
  };
  await registerWeb(app, config.WEB_DIST, {
    demo: config.DEMO,
    hotReads,
    names: {
      current: async () => {
        const t = areaTexts(await area.settings());
        return {
          title: t.portalName,
          description: t.description,
          brandName: t.portalName,
          appName: t.appName,
          appShortName: t.appShortName,
          appDescription: t.appDescription,
          area: await area.area(),
          units: Object.fromEntries((await area.settings()).units.map((u) => [u.code, unitFullName(u)])),
        };
      },
      onChange: (listener) =>
        bus.subscribe((e) => {
          // The units' boundaries (their bounds in the page's copy of the area) come from the region layer.
          if (e.type === 'area' || e.type === 'geodata-changed') listener();
        }),
    },
    firstView: (route, request) => {
      const key = firstViewKey(route, request);
      return key ? firstViews.get(key) : Promise.resolve(null);
    },
    firstViewPeek: (route, request) => {
      const key = firstViewKey(route, request);
      return key ? firstViews.peek(key) : null;
    },
  });
  return app;
}
