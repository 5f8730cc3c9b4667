import { setTimeout as delay } from 'node:timers/promises';
import cookie from '@fastify/cookie';
import { writeNarrative } from '@netguard/risk';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { appRoleUrl, prepareAppRole } from './db/app-role.ts';
import { createDatabase } from './db/client.ts';
import { createTenantScope } from './db/tenant-scope.ts';
import { createAccessTokens } from './lib/access-token.ts';
import { createBackgroundTasks } from './lib/background.ts';
import { configurePasswordHashing } from './lib/crypto.ts';
import { configuredEgress, type ServerEgress } from './lib/egress.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import { loadSecretKey } from './lib/secret-key.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountSelfService } from './modules/account/account.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeyService } from './modules/api-keys/api-keys.service.ts';
import { assetRoutes } from './modules/assets/assets.routes.ts';
import { createAssetService } from './modules/assets/assets.service.ts';
import { type AccessEvents, createAccessEvents } from './modules/audit/access-events.ts';
import { createAccountService } from './modules/auth/accounts.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createSessionService } from './modules/auth/sessions.service.ts';
import { tierTable } from './modules/billing/billing.plans.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBilling } from './modules/billing/billing.service.ts';
import { billingWebhookRoutes } from './modules/billing/billing.webhook.routes.ts';
import { createCloudFindings } from './modules/cloud/cloud.findings.ts';
import { cloudMuteRuleRoutes } from './modules/cloud/cloud.mute-rules.routes.ts';
import { createMuteRules } from './modules/cloud/cloud.mute-rules.ts';
import { createCloudQueue } from './modules/cloud/cloud.queue.ts';
import { cloudRoutes } from './modules/cloud/cloud.routes.ts';
import { type CloudScanners, configuredScanners } from './modules/cloud/cloud.scanners.ts';
import { createCloudSecrets } from './modules/cloud/cloud.secrets.ts';
import { createCloudService } from './modules/cloud/cloud.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createEvidenceModule } from './modules/evidence/evidence.module.ts';
import { evidenceRoutes } from './modules/evidence/evidence.routes.ts';
import { feedRoutes } from './modules/feeds/feeds.routes.ts';
import { createFeedService } from './modules/feeds/feeds.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { incidentRoutes } from './modules/incidents/incidents.routes.ts';
import { createIncidentService } from './modules/incidents/incidents.service.ts';
import { sessionCheckRoutes } from './modules/incidents/session.routes.ts';
import { createSessionMonitor } from './modules/incidents/session-monitor.ts';
import { addDatabaseGauges } from './modules/metrics/metrics.database.ts';
import { recordRequestDurations, registerMetricsRoute } from './modules/metrics/metrics.routes.ts';
import { createMetrics, type Metrics } from './modules/metrics/metrics.ts';
import { mfaRoutes } from './modules/mfa/mfa.routes.ts';
import { createMfaService } from './modules/mfa/mfa.service.ts';
import { createSmsSender } from './modules/mfa/mfa.sms.ts';
import { createMfaParts } from './modules/mfa/mfa.wiring.ts';
import { isDeploymentOperator } from './modules/operators/operators.repo.ts';
import { operatorRoutes } from './modules/operators/operators.routes.ts';
import { organizationRoutes } from './modules/organization/organization.routes.ts';
import { createOrganizationService } from './modules/organization/organization.service.ts';
import { createCaptureProbe } from './modules/packets/packets.capability.ts';
import { registerPacketsLive } from './modules/packets/packets.live.routes.ts';
import { createLiveCaptures } from './modules/packets/packets.live.ts';
import { packetRoutes } from './modules/packets/packets.routes.ts';
import { createPacketService } from './modules/packets/packets.service.ts';
import { type CaptureStore, createLocalCaptureStore } from './modules/packets/packets.store.ts';
import { createS3CaptureStore } from './modules/packets/packets.store-s3.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { createRemediationModule } from './modules/remediation/remediation.module.ts';
import { remediationRoutes } from './modules/remediation/remediation.routes.ts';
import { createReportQueue } from './modules/reports/reports.queue.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { createReportService } from './modules/reports/reports.service.ts';
import { assessVulnerabilities } from './modules/risk/risk.assess.ts';
import { riskRoutes } from './modules/risk/risk.routes.ts';
import { createRiskService } from './modules/risk/risk.service.ts';
import { createScanQueue } from './modules/scans/scans.queue.ts';
import { scanRoutes } from './modules/scans/scans.routes.ts';
import { createScanService } from './modules/scans/scans.service.ts';
import { addSecurityPolicyGuard } from './modules/security-center/policy-guard.ts';
import { securityCenterRoutes } from './modules/security-center/security-center.routes.ts';
import { createSecurityCenterService } from './modules/security-center/security-center.service.ts';
import { createHealthService } from './modules/selftest/health.service.ts';
import { createSelftestQueue, workSelftests } from './modules/selftest/selftest.jobs.ts';
import { selftestRoutes } from './modules/selftest/selftest.routes.ts';
import { createSelftestService } from './modules/selftest/selftest.service.ts';
import { createSystemContext, type SystemDeps } from './modules/selftest/system-context.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createSiemSecrets } from './modules/siem/siem.config.ts';
import { siemRoutes } from './modules/siem/siem.routes.ts';
import { createSiemService } from './modules/siem/siem.service.ts';
import { ssoPublicRoutes } from './modules/sso/sso.public.routes.ts';
import { ssoConfigRoutes } from './modules/sso/sso.routes.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { createSubscriptionService } from './modules/subscription/subscription.service.ts';
import { topologyRoutes } from './modules/topology/topology.routes.ts';
import { createTopologyService } from './modules/topology/topology.service.ts';
import { vulnerabilityRoutes } from './modules/vulnerabilities/vulnerabilities.routes.ts';
import { createVulnerabilityService } from './modules/vulnerabilities/vulnerabilities.service.ts';
import { addAuthGuard } from './plugins/auth-guard.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { addPermissionGuard, type DeclaredPermission } from './plugins/permission-guard.ts';
import { addPlanGuard, type DeclaredPlan } from './plugins/plan-guard.ts';
import { registerRequestId, requestIdOptions } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { addTenantScope } from './plugins/tenant-scope.ts';
import { registerWeb } from './plugins/web.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { registerRealtime } from './realtime/realtime.routes.ts';

const BODY_LIMIT_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every guarded API route with the permission it declared (tests and docs read it). */
    routePermissions: readonly DeclaredPermission[];
    /** Every plan-gated API route with the feature of the plan matrix it needs. */
    routePlans: readonly DeclaredPlan[];
    /** The batched data_access events of permission checks. */
    accessEvents: AccessEvents;
    /** Where connections a tenant chooses may go; serve.ts adds the real listening port. */
    egress: ServerEgress;
    /** The self-test suites' context on this deployment, for the caller's organization. */
    selftestContext: (
      auth: Parameters<typeof createSystemContext>[1],
      overrides?: Partial<SystemDeps>,
    ) => ReturnType<typeof createSystemContext>;
  }
}

/**
 * Builds the HTTP app: db -> repos -> services -> routes. `config.databaseUrl` must point at a
 * migrated database; the app owns its connection pool and closes it on `app.close()`.
 */
export type BuildOptions = {
  /**
   * false: handlers use the owner's pool without row-level security and permission checks write
   * no events. Only for the API benchmark's baseline (npm run bench:api); never for serving.
   */
  isolation?: boolean;
  /** The process's metrics, shared with its workers; by default the app makes its own. */
  metrics?: Metrics;
  /** The logger; by default one at config.logLevel on stdout (tests pass one that captures). */
  log?: Logger;
  /** The cloud provider scanners; by default @netguard/cloud's (tests point them at fakes). */
  cloudScanners?: CloudScanners;
  /** CA certificates tenant-directed TLS trusts instead of Node's (tests: their fakes' CA). */
  egressCa?: string;
};

export async function buildApp(
  config: AppConfig,
  {
    isolation = true,
    metrics = createMetrics(),
    log = createLogger(config.logLevel),
    cloudScanners = configuredScanners(config.cloudEndpoints),
    egressCa,
  }: BuildOptions = {},
): Promise<FastifyInstance> {
  if (!config.databaseUrl) throw new Error('buildApp needs config.databaseUrl');
  configurePasswordHashing(config.passwordCost);
  // Checked before anything else starts: without its storage the server refuses to start.
  const captureStore: CaptureStore = config.storage
    ? createS3CaptureStore(config.storage)
    : createLocalCaptureStore(config.dataDir);
  try {
    await captureStore.check();
  } catch (error) {
    captureStore.close();
    throw error;
  }
  log.debug({ location: captureStore.location }, 'capture files storage');
  const secret = loadSecretKey(config.secretKey, config.dataDir);
  const appUrl = appRoleUrl(config.databaseUrl, secret, config.databaseAppUrl);
  const queue = createScanQueue({
    url: config.databaseUrl,
    timeoutSeconds: config.scans.timeoutSeconds,
    log,
    supervise: false,
  });
  const system = createDatabase(config.databaseUrl);
  const appRole = createDatabase(appUrl);
  // The role's grants cover the job queue's tables (ending a scan drops its waiting jobs), so the
  // queue's schema is made first.
  const tenant = createTenantScope(system.db, appRole.db, async () => {
    await queue.start();
    await prepareAppRole(config.databaseUrl as string, appUrl, !config.databaseAppUrl);
  });
  const { db } = tenant;
  const { pool } = system;
  const close = async () => {
    await Promise.all([system.close(), appRole.close()]);
  };
  const https = config.publicUrl.startsWith('https:');
  const isOperator = (userId: string) => isDeploymentOperator(db, config.operators, userId);
  const egress = configuredEgress(config, db, [config.databaseUrl, appUrl], egressCa);

  const accessEvents = createAccessEvents(db, log);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const tokens = createAccessTokens(secret);
  const sms = createSmsSender({ twilio: config.twilio, db, log });
  const mfaParts = createMfaParts({ db, secret, mailer, sms, publicUrl: config.publicUrl, log });
  const sessions = createSessionService({
    db,
    tokens,
    secret,
    secondFactor: mfaParts.signIn,
    // "Require SSO" refuses password sign-ins (the SSO service is built below; called later).
    ssoGate: (userId) => sso.passwordGate(userId),
  });
  const sso = createSsoService({
    db,
    secret,
    sessions,
    publicUrl: config.publicUrl,
    tiers: tierTable(config.stripe),
    egress,
    dns: config.ssoDns,
  });
  const background = createBackgroundTasks(log);
  const accounts = createAccountService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    log,
    background,
  });
  const subscription = createSubscriptionService({ db, tiers: tierTable(config.stripe) });
  const billing = createBilling({
    db,
    subscription,
    stripe: config.stripe,
    publicUrl: config.publicUrl,
    log,
  });
  const scans = createScanService({
    db,
    subscription,
    queue,
    settings: config.scans,
    log,
    egress,
  });
  const hub = createRealtimeHub({ db, url: config.databaseUrl, sessions, log });
  const profile = createProfileService({ db, subscription });
  const dashboard = createDashboardService({ db, includes: subscription.includes });
  const analytics = createAnalyticsService({ db, includes: subscription.includes });
  const reports = createReportService({
    db,
    queue: createReportQueue(queue),
    log,
    includes: subscription.includes,
  });
  const vulnerabilities = createVulnerabilityService({ db });
  const llm = config.llm;
  const risk = createRiskService({
    db,
    narrate: llm ? (assessment) => writeNarrative(llm, assessment) : undefined,
  });
  // An asset edit changes the criticality, mission and exposure its hosts' assessments use.
  const assets = createAssetService({
    db,
    reassessAfterAssetChange: async (scope) => {
      await assessVulnerabilities(db, scope);
    },
  });
  const apiKeys = createApiKeyService({ db, subscription });
  const incidents = createIncidentService({ db });
  const sessionMonitor = createSessionMonitor({ db, sessions });
  const organization = createOrganizationService({ db, mailer, publicUrl: config.publicUrl });
  const settings = createSettingsService({ db, defaults: config.scans });
  const account = createAccountSelfService({
    db,
    // Capture files are not rows: they go with their organizations here (the sweep at start
    // catches any left behind).
    organizationsDeleted: (ids) => packets.removeOrganizationFiles(ids),
  });
  const mfa = createMfaService({
    db,
    setup: mfaParts.setup,
    subscription,
    confirmPassword: account.confirmPassword,
  });
  const topology = createTopologyService({ db, scans, settings: config.scans, egress });
  const captureProbe = createCaptureProbe(config.packetCapture, { isOperator });
  const feeds = createFeedService({ db, pool, settings: config.feeds, log, isOperator });
  const packets = createPacketService({
    db,
    store: captureStore,
    probe: captureProbe,
    log,
  });
  const security = createSecurityCenterService({ db, includes: subscription.includes });
  const cloud = createCloudService({
    db,
    secrets: createCloudSecrets(secret),
    scanners: cloudScanners,
    egress,
    queue: createCloudQueue(queue),
    subscription,
    log,
  });
  const cloudFindings = createCloudFindings({ db });
  const siem = createSiemService({ db, secrets: createSiemSecrets(secret), egress });
  const remediation = createRemediationModule({
    db,
    secret,
    jobs: queue,
    cloudEndpoints: config.cloudEndpoints,
    scope: { allow: config.scans.allowedRanges, deny: config.scans.deniedRanges },
    egress,
  });
  const evidence = createEvidenceModule({
    db,
    secret,
    jobs: queue,
    tsaUrl: config.evidenceTsaUrl,
    egress,
  });
  const muteRules = createMuteRules({ db });
  const selftestQueue = createSelftestQueue(queue);
  const selftest = createSelftestService({ db, queue: selftestQueue });
  addDatabaseGauges(metrics, db);
  metrics.addScrapedGauge({
    name: 'netguard_realtime_sockets',
    help: 'Authenticated realtime WebSocket connections of this API process.',
    read: async () => [{ value: hub.socketCount() }],
  });
  const liveCaptures = createLiveCaptures({ db, sessions, probe: captureProbe, log });

  const app = Fastify({
    loggerInstance: log,
    ...requestIdOptions,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }) as unknown as FastifyInstance;
  registerRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  const routePermissions: DeclaredPermission[] = [];
  app.decorate('routePermissions', routePermissions);
  const routePlans: DeclaredPlan[] = [];
  app.decorate('routePlans', routePlans);
  app.decorate('accessEvents', accessEvents);
  app.decorate('egress', egress);
  const cloudSecrets = createCloudSecrets(secret);
  app.decorate('selftestContext', (auth, overrides = {}) =>
    createSystemContext(
      {
        db,
        pool,
        app,
        jobs: queue,
        siem,
        cloudSecrets,
        scanners: cloudScanners,
        egress,
        smtpUrl: config.smtpUrl,
        stripe: config.stripe,
        authRateLimit: config.authRateLimit,
        publicUrl: config.publicUrl,
        tokens,
        tiers: tierTable(config.stripe),
        ...overrides,
      },
      auth,
    ),
  );
  app.addHook('onClose', async () => {
    await background.drain();
    await hub.close();
    await queue.stop();
    await accessEvents.close();
    await close();
    captureStore.close();
  });
  registerErrorHandler(app);
  recordRequestDurations(app, metrics);
  registerMetricsRoute(app, metrics, config.metricsToken);
  await registerSecurityHeaders(app, https);
  await app.register(cookie);
  await registerDocs(app);
  await registerRealtime(app, hub);
  await registerPacketsLive(app, liveCaptures);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(billingWebhookRoutes, { billing });
      await api.register(sessionCheckRoutes, { prefix: '/auth', monitor: sessionMonitor });
      await api.register(authRoutes, {
        prefix: '/auth',
        accounts,
        sessions,
        secureCookies: https,
        rateLimitPerMinute: config.authRateLimit,
      });
      await api.register(ssoPublicRoutes, {
        prefix: '/sso',
        sso,
        publicUrl: config.publicUrl,
        secureCookies: https,
        rateLimitPerMinute: config.authRateLimit,
      });
      await api.register(async (guarded) => {
        addAuthGuard(guarded, sessions, apiKeys);
        addPermissionGuard(
          guarded,
          isolation ? accessEvents : { ...accessEvents, record: () => undefined },
          routePermissions,
        );
        addPlanGuard(guarded, subscription.tier, routePlans);
        addSecurityPolicyGuard(guarded, db);
        if (isolation) addTenantScope(guarded, tenant);
        await guarded.register(apiKeyRoutes, { apiKeys });
        await guarded.register(settingsRoutes, { settings });
        await guarded.register(accountRoutes, { account, secureCookies: https });
        await guarded.register(mfaRoutes, { mfa });
        await guarded.register(scanRoutes, { scans });
        await guarded.register(profileRoutes, { profile });
        await guarded.register(operatorRoutes, { owner: system.db });
        await guarded.register(subscriptionRoutes, { subscription });
        await guarded.register(billingRoutes, { billing });
        await guarded.register(dashboardRoutes, { dashboard });
        await guarded.register(analyticsRoutes, { analytics });
        await guarded.register(reportRoutes, { reports });
        await guarded.register(vulnerabilityRoutes, { vulnerabilities });
        await guarded.register(riskRoutes, { risk });
        await guarded.register(topologyRoutes, { topology });
        await guarded.register(assetRoutes, { assets });
        await guarded.register(packetRoutes, { packets, metrics });
        await guarded.register(feedRoutes, { feeds });
        await guarded.register(organizationRoutes, { organization, sessions });
        await guarded.register(incidentRoutes, { incidents, monitor: sessionMonitor });
        await guarded.register(ssoConfigRoutes, { sso });
        await guarded.register(securityCenterRoutes, { security });
        await guarded.register(cloudRoutes, { cloud, findings: cloudFindings });
        await guarded.register(cloudMuteRuleRoutes, { rules: muteRules });
        await guarded.register(siemRoutes, { siem, db });
        await guarded.register(remediationRoutes, remediation.routes);
        await guarded.register(evidenceRoutes, evidence.routes);
        await guarded.register(selftestRoutes, {
          selftest,
          health: createHealthService({
            db: system.db,
            tenant,
            isOperator,
            dataDir: config.dataDir,
            systemContext: (auth) => app.selftestContext(auth),
          }),
        });
      });
    },
    { prefix: '/api' },
  );
  await registerWeb(app, config.webDistDir);
  // Listening before the first request, when the database is up; never blocks start for long.
  app.addHook('onReady', () => Promise.race([hub.ready, delay(2_000)]));
  // The role is ready before the first request when the database is up; else at that request.
  app.addHook('onReady', () => Promise.race([tenant.ready().catch(() => undefined), delay(2_000)]));
  // Self-test runs need this process's app (in-process requests, sockets): API processes run them.
  app.addHook('onReady', async () => {
    await Promise.race([
      workSelftests(selftestQueue, { db, app, log }).catch((error: unknown) =>
        log.warn({ err: error }, 'self-test worker not started'),
      ),
      delay(2_000),
    ]);
  });
  app.addHook('onReady', async () => {
    // Files of deleted accounts and crashed uploads; in the background, never delaying start.
    void packets
      .sweepFiles()
      .catch((error: unknown) => log.warn({ err: error }, 'capture sweep failed'));
  });
  return app;
}
