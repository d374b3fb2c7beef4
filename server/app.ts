/**
 * Builds the Fastify instance: one plugin per resource, the error shape of DESIGN.md §4, and (when a built
 * SPA is given) the web app on the same port. Tests call this with `inject()`; main.ts adds a database and listens.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startSessionCache, type SessionCache } from './auth/sessionCache';
import { defaultConfig, type ServerConfig } from './config';
import type { Database, Db } from './db/open';
import { collectRoutes, type ApiRoute } from './http/docs';
import { refuseUndocumentedAnswers } from './http/documentedAnswers';
import { clientErrorHandler, errorBody, frameworkErrors, registerErrorHandlers } from './http/errors';
import { responseSerializer } from './http/endpoints';
import { registerHostileInputDefence } from './http/hostileInput';
import { trackLifecycle, type Lifecycle } from './http/lifecycle';
import { stickerRoutes } from './routes/sticker';
import { cartonRoutes } from './routes/carton';
import { historyRoutes } from './routes/history';
import { searchRoutes } from './routes/search';
import { mailRoutes } from './routes/mail';
import { tokenRoutes } from './routes/token';
import { companyRoutes } from './routes/company';
import { adminRoutes } from './routes/admin';
import { webhookRoutes } from './routes/webhook';
import { scheduleWebhookDeliveries } from './jobs/webhookDeliveries';
import { allowedNetworks } from './http/outbound/addresses';
import type { Reach } from './domain/webhook/subscriptions';
import { scheduledBackup } from './jobs/backups';
import { cutOffReminders } from './jobs/cutOffReminders';
import { sailingDelays } from './jobs/sailingDelays';
import { todoMailJob } from './jobs/todoMails';
import { unreferencedFileSweep } from './jobs/unreferencedFiles';
import { scheduleJobs } from './jobs/schedule';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerCompression, serveSpa } from './http/spa';
import { createMailer, type Mailer } from './mail/mailer';
import authRoutes from './routes/auth';
import bulkRoutes from './routes/packing';
import inspectionRoutes from './routes/inspection';
import { containerRoutes } from './routes/container';
import { goodsRoutes } from './routes/goods';
import { orderRoutes } from './routes/order';
import { planRoutes } from './routes/plan';
import { priceRoutes } from './routes/price';
import { bolRoutes } from './routes/bol';
import { declarationRoutes } from './routes/declaration';
import { handoverRoutes, looseRoutes } from './routes/loose';
import { compareRoutes } from './routes/compare';
import { downloadRoutes } from './routes/download';
import { systemRoutes } from './routes/system';
import lookupRoutes from './routes/lookup';
import noticeRoutes from './routes/notice';
import tntRoutes from './routes/tnt';
import settingRoutes from './routes/setting';
import userRoutes from './routes/user';
import { createOutboxSms, type SmsSender } from './sms/sms';
import { createMetrics, type Metrics } from './metrics/metrics';
import type { AttemptOutcome } from './domain/webhook/deliver';
import { countRequest, routeOf } from './metrics/scrape';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: ServerConfig;
    /** Signed-in checks answered from memory for a few seconds; null when SESSION_CACHE_SECONDS is 0. */
    sessionCache: SessionCache | null;
    mailer: Mailer;
    sms: SmsSender;
    /** Every route with the roles its guard admits, for the OpenAPI document and the role-matrix test. */
    apiRoutes: ApiRoute[];
    /** The graceful stop, and whether it has begun (http/lifecycle.ts). */
    lifecycle: Lifecycle;
    /** Where a webhook's callback may point: the internet, and the operator's allowed networks. */
    webhookReach: Reach;
    /** This process's figures for Prometheus (server/metrics). */
    metrics: Metrics;
  }
}

export interface AppOptions {
  db: Database;
  mailer?: Mailer;
  sms?: SmsSender;
  config?: Partial<ServerConfig>;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA to serve beside the API (production). */
  distDir?: string;
}

/** JSON bodies above this are refused with 413; uploads set their own limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

// Validation messages the contract does not spell out come in Chinese too.
z.config(z.locales.zhCN());

export async function buildApp(options: AppOptions) {
  const config = defaultConfig(options.config);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
    // One log line per request, written when it is answered (Fastify's default writes two).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.checkResponses));
  // Only JSON (and multipart where a route opts in) is accepted; a text/plain body is a 415, not a string.
  app.removeContentTypeParser('text/plain');

  const log: FastifyBaseLogger = app.log;
  app.decorate('database', options.db);
  app.decorate('db', options.db.db);
  app.decorate('config', config);
  const sessionCache = await startSessionCache(options.db, config.sessionCacheSeconds, (state) =>
    state === 'down'
      ? log.warn('session notifications lost: every signed-in check asks the database until they are back')
      : log.info('session notifications on'),
  );
  app.decorate('sessionCache', sessionCache?.cache ?? null);
  if (sessionCache) app.addHook('onClose', sessionCache.stop);
  app.decorate('mailer', options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, log }));
  app.decorate('sms', options.sms ?? createOutboxSms({ outboxDir: config.outboxDir, log }));
  app.decorateRequest('user', null);
  app.decorate('webhookReach', { allowed: allowedNetworks(config.webhook.allowNetworks) });
  app.decorate(
    'metrics',
    createMetrics(options.db, () => app.lifecycle?.stopping ?? false),
  );
  if (config.jobTickSeconds > 0) {
    const delivery = {
      ...app.webhookReach,
      timeoutMs: config.webhook.timeoutSeconds * 1000,
      onAttempt: (outcome: AttemptOutcome) => app.metrics.webhookAttempts.inc({ outcome }),
    };
    scheduleWebhookDeliveries(app, options.db.db, delivery, config.webhook.everySeconds);
    const backups = config.backup.everyHours > 0 ? [scheduledBackup(config, options.db, (done) => log.info(done))] : [];
    const mails = todoMailJob(options.db.db, app.mailer, config.publicUrl, log, config.mailEverySeconds);
    scheduleJobs(
      app,
      options.db.db,
      [cutOffReminders, sailingDelays, mails, unreferencedFileSweep, ...backups],
      config.jobTickSeconds,
    );
  }
  app.decorate('lifecycle', trackLifecycle(app));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // One line per request: its pattern (never a key), status, time and account; a second, at warn, when slow.
  app.addHook('onResponse', async (request, reply) => {
    countRequest(app.metrics, request, reply);
    const route = routeOf(request);
    const responseTime = reply.elapsedTime;
    request.log.info({ req: request, res: reply, route, userId: request.user?.id, responseTime }, 'request completed');
    if (responseTime > config.slowRequestMs) request.log.warn({ route, responseTime }, 'slow request');
  });

  registerErrorHandlers(app);
  registerHostileInputDefence(app);
  await registerSecurityHeaders(app);
  collectRoutes(app);
  if (config.checkResponses) refuseUndocumentedAnswers(app);
  await registerCompression(app);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(settingRoutes);
  await app.register(noticeRoutes);
  await app.register(tntRoutes);
  await app.register(lookupRoutes);
  await app.register(bulkRoutes);
  await app.register(inspectionRoutes);
  await app.register(priceRoutes);
  await app.register(planRoutes);
  await app.register(orderRoutes);
  await app.register(bolRoutes);
  await app.register(declarationRoutes);
  await app.register(looseRoutes);
  await app.register(handoverRoutes);
  await app.register(compareRoutes);
  await app.register(downloadRoutes);
  await app.register(containerRoutes);
  await app.register(goodsRoutes);
  await app.register(stickerRoutes);
  await app.register(cartonRoutes);
  await app.register(historyRoutes);
  await app.register(searchRoutes);
  await app.register(mailRoutes);
  await app.register(tokenRoutes);
  await app.register(webhookRoutes);
  await app.register(companyRoutes);
  await app.register(adminRoutes);

  if (options.distDir) {
    await serveSpa(app, options.distDir);
  } else {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(errorBody('NOT_FOUND', `没有这个接口：${request.method} ${request.url.split('?')[0]}`));
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
