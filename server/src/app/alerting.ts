import { areaTexts, type WebParameters } from '@flood/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAlertEngine } from '../features/alerts/alert-engine';
import { alertsRoutes } from '../features/alerts/alerts.routes';
import { createAlertsService } from '../features/alerts/alerts.service';
import { capRoutes } from '../features/alerts/cap.routes';
import { createCapService } from '../features/alerts/cap.service';
import { createCapRenewal } from '../features/alerts/cap-renewal';
import { createDispatcher, type DispatcherOptions } from '../features/alerts/dispatcher';
import { createEscalations } from '../features/alerts/escalation';
import { receiptsRoutes } from '../features/alerts/receipts.routes';
import { smsAdminRoutes } from '../features/alerts/sms-admin.routes';
import { createSmsAdminService } from '../features/alerts/sms-admin.service';
import { createLogSmsGateway } from '../features/alerts/sms-log.gateway';
import type { HumanCheck } from '../features/auth/human-check';
import { createSubscriberRouting } from '../features/subscriptions/subscriber-messages';
import { subscribersAdminRoutes } from '../features/subscriptions/subscribers-admin.routes';
import { createSubscribersAdminService } from '../features/subscriptions/subscribers-admin.service';
import { endSubscriberChannel, purgeUnconfirmedSubscribers } from '../features/subscriptions/subscriptions.repository';
import { subscriptionsRoutes } from '../features/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from '../features/subscriptions/subscriptions.service';
import { warningsRoutes } from '../features/warnings/warnings.routes';
import { createWarningsService } from '../features/warnings/warnings.service';
import type { ChannelGateway } from '../lib/channels/channel';
import { createLogChannelGateway } from '../lib/channels/log.gateway';
import { pushEndpointAllowed } from '../lib/channels/push.gateway';
import { createLogEmailGateway, type EmailGateway } from '../lib/email-gateway';
import type { EventBus } from '../lib/events';
import type { SmsGateway } from '../lib/sms-gateway';
import { receiptProfileOf } from './gateways';
import { runPeriodically } from './periodic';

export interface AlertingDeps {
  config: Config;
  db: Db;
  bus: EventBus;
  webParameters: () => Promise<WebParameters>;
  sms: SmsGateway;
  email: EmailGateway;
  /** Web push and Zalo ZNS gateways (#24); tests give fakes. Without Zalo, nobody can choose it. */
  push: ChannelGateway;
  zalo?: ChannelGateway;
  humanCheck: Pick<HumanCheck, 'verify'>;
  /** The VAPID public key of the push gateway. */
  pushPublicKey: () => Promise<string>;
  /** Signs the subscriptions' manage links. */
  linkKey: () => Promise<string>;
  /** Outbox worker timing (tests shorten it). */
  dispatch?: Pick<DispatcherOptions, 'backoffMs' | 'pollMs' | 'lockMs'>;
  now: () => Date;
}

/**
 * The warning side of the app: the alert engine and the message dispatcher with their timers and shutdown, and the
 * routes of the SMS back office, the alerts and the CAP feed.
 */
export async function registerAlerting(app: FastifyInstance, deps: AlertingDeps): Promise<void> {
  // The units of the area (#26): the communes of warnings, CAP areas and subscriptions.
  const communes = () => app.area.communes();
  const areaText = async () => areaTexts(await app.area.settings());
  const { config, db, bus, now } = deps;
  const dispatcher = createDispatcher({
    db,
    emailSubject: async () => (await areaText()).warningSubject,
    sms: deps.sms,
    email: deps.email,
    push: deps.push,
    zalo: deps.zalo,
    endChannel: (id) => endSubscriberChannel(db, id),
    bus,
    logger: app.log,
    maxAttempts: config.DISPATCH_MAX_ATTEMPTS,
    // A demo station's alerts reach only the log unless DEMO_ALERTS_TO_GATEWAY says otherwise.
    demo: config.DEMO_ALERTS_TO_GATEWAY
      ? undefined
      : {
          sms: createLogSmsGateway({ db, logger: app.log }),
          email: createLogEmailGateway(app.log),
          push: createLogChannelGateway('push', app.log),
          zalo: createLogChannelGateway('zalo', app.log),
        },
    ...deps.dispatch,
  });
  // Residents' subscriptions (#24): alerts and warnings also go to the subscribers of their communes and kind.
  const routing = createSubscriberRouting({
    linkKey: deps.linkKey,
    publicUrl: config.PUBLIC_URL,
    emailPortal: async () => (await areaText()).emailPortal,
  });
  app.decorate('subscriberRouting', routing);
  const engine = createAlertEngine({
    db,
    bus,
    webParameters: deps.webParameters,
    dispatcher,
    logger: app.log,
    now,
    subscribers: { routing, communes, timeZone: config.TZ_DISTRICT },
  });
  const escalations = createEscalations({ db, bus, dispatcher, webParameters: deps.webParameters, now });
  app.decorate('alertEngine', engine);
  app.decorate('dispatcher', dispatcher);
  app.decorate('escalations', escalations);
  const capRenewal = createCapRenewal({ db, webParameters: deps.webParameters, now });
  app.decorate('capRenewal', capRenewal);
  app.addHook('onReady', async () => dispatcher.start());
  runPeriodically(app, 'silence check', 60_000, () => engine.checkSilence());
  // Serious warnings nobody acknowledged go to the on-duty list again (#22).
  runPeriodically(app, 'alert escalations', 30_000, () => escalations.check());
  // Subscriptions nobody confirmed are not kept (#24: personal data kept for nothing).
  runPeriodically(app, 'purging unconfirmed subscriptions', 3_600_000, () => purgeUnconfirmedSubscribers(db, now()), {
    atStart: true,
  });
  // An open alert's CAP message is renewed before it expires (#23).
  runPeriodically(app, 'CAP renewal', 60_000, () => capRenewal.check());
  // Readings acknowledged but not evaluated (the process died first, an evaluation failed): at start, then
  // every 10 s — what another process of the portal left when it died included (#19).
  runPeriodically(app, 'alert evaluations left over', 10_000, () => engine.processLeftovers(), { atStart: true });
  app.addHook('onClose', async () => {
    engine.stop();
    await engine.idle();
    await dispatcher.stop();
  });
  await app.register(smsAdminRoutes, { sms: createSmsAdminService({ db, wake: () => dispatcher.wake() }) });
  await app.register(alertsRoutes, {
    db,
    webParameters: deps.webParameters,
    alerts: createAlertsService({ db, bus, now, webParameters: deps.webParameters, unitOf: app.area.unitOfStation }),
    unitOf: app.area.unitOfStation,
  });
  // Warnings issued by officers (#23): the back office, the public list and page; their CAP messages are in the feed.
  const warnings = createWarningsService({
    db,
    bus,
    now,
    timeZone: config.TZ_DISTRICT,
    communes,
    publicUrl: config.PUBLIC_URL,
    wake: () => dispatcher.wake(),
    subscribers: routing,
  });
  app.decorate('activeWarnings', (unit?: string) => warnings.active(unit));
  await app.register(warningsRoutes, {
    warnings,
    communes,
    timeZone: config.TZ_DISTRICT,
    portalName: async () => (await app.area.settings()).portalName,
  });
  await app.register(subscriptionsRoutes, {
    pushPublicKey: deps.pushPublicKey,
    perMinute: config.SUBSCRIBE_RATE_LIMIT_PER_MINUTE,
    subscriptions: createSubscriptionsService({
      db,
      config,
      sms: deps.sms,
      email: deps.email,
      humanCheck: deps.humanCheck,
      communes,
      area: app.area.settings,
      linkKey: deps.linkKey,
      zalo: deps.zalo !== undefined,
      pushAllowed: pushEndpointAllowed(config.PUSH_EXTRA_ORIGINS),
      now,
    }),
  });
  await app.register(receiptsRoutes, { db, token: config.SMS_RECEIPT_TOKEN, profile: receiptProfileOf(config) });
  await app.register(subscribersAdminRoutes, {
    admin: createSubscribersAdminService({
      db,
      communes,
      area: app.area.settings,
      linkKey: deps.linkKey,
      publicUrl: config.PUBLIC_URL,
      wake: () => dispatcher.wake(),
      now,
    }),
  });
  await app.register(capRoutes, {
    publicUrl: config.PUBLIC_URL,
    cap: createCapService({
      db,
      now,
      communes,
      senderName: async () => {
        const named = (await areaText()).capSender;
        return { vi: config.CAP_SENDER_NAME ?? named.vi, en: config.CAP_SENDER_NAME_EN ?? named.en };
      },
      settings: {
        sender: config.CAP_SENDER,
        timeZone: config.TZ_DISTRICT,
        demo: config.DEMO,
        fallbackRadiusKm: 5,
      },
    }),
  });
}
