import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { DEFAULT_RATE_LIMITS } from './auth/limits.js';
import { deleteExpiredSessions } from './auth/sessions.js';
import { ConfigError, loadConfig, misspeltSettings } from './config.js';
import { connectConfiguredDatabase } from './db/connect.js';
import { migrationsLogLine, NewerDatabaseError } from './db/open.js';
import { ensureFirstAdmin, seedCourses } from './db/seed.js';
import { BudgetStoreUnavailableError } from './lib/budget-store.js';
import { DataDirLockedError } from './lib/data-dir-lock.js';
import { installGracefulStop } from './lib/graceful-stop.js';
import { safeErrorText } from './lib/log-safety.js';
import { appSecurityHeaders } from './lib/security.js';
import { keepDataDirPrivate, writeOwnerOnly } from './lib/owner-only.js';
import { checkCanListen, startupProblem } from './lib/startup-problem.js';
import { mailReachedMessage, startupSummary } from './lib/startup-summary.js';
import { clientDistFolder } from './lib/paths.js';
import { startRecordingMaintenance } from './recordings/maintenance.js';
import { startAnalysisRunner, type AnalysisRunner } from './analysis/runner.js';
import { ForegroundGate, holdForRequests } from './analysis/foreground.js';
import { AnalysisProcesses } from './analysis/process.js';
import { createRecordingStores } from './recordings/store.js';
import { createMailer, pruneOutbox } from './mail/mailer.js';

async function main(): Promise<void> {
  writeOwnerOnly();
  const config = loadConfig();
  const dataDirWarning = keepDataDirPrivate(config.DATA_DIR);
  await checkCanListen(config.HOST, config.PORT);
  const database = await connectConfiguredDatabase(config);
  await seedCourses(database.db);
  const admin = await ensureFirstAdmin(database.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
    email: config.ADMIN_EMAIL,
  });

  const outboxDir = path.join(config.DATA_DIR, 'outbox');
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir,
    logger: { info: (object, message) => app.log.info(object, message) },
  });
  const recordingStores = createRecordingStores({ db: database.db, driver: database.driver, dataDir: config.DATA_DIR, configured: config.RECORDING_STORE });
  // Started once the app (its logger) exists; a recording stored before that is found by its first look.
  const analysis: { runner?: AnalysisRunner } = {};
  const app = await buildApp({
    config,
    database,
    recordingStores,
    analysis: { kick: () => analysis.runner?.kick() },
    mailer,
    now: () => new Date(),
    rateLimits: DEFAULT_RATE_LIMITS,
    clientDir: config.PARLEY_CLIENT_DIR ? path.resolve(config.PARLEY_CLIENT_DIR) : clientDistFolder,
  });

  if (admin.created) {
    if (admin.generatedPassword) {
      // Printed once, on purpose, to the console only: the operator must note it now.
      process.stdout.write(
        `\n  First admin created.\n  Username: ${admin.username}\n  Password: ${admin.generatedPassword}\n` +
          `  Sign in with it once: you are then asked to choose your own, and this one stops working.\n` +
          `  Write it down now: it is not shown again. (Set ADMIN_PASSWORD to choose it yourself;\n` +
          `  'npm run admin -- reset-password ${admin.username}' sets a new one.)\n\n`,
      );
    } else {
      app.log.info({ username: admin.username }, 'first admin created from ADMIN_USERNAME / ADMIN_PASSWORD');
    }
  } else if (config.ADMIN_PASSWORD !== undefined) {
    // Read only while no admin exists: left in the environment, it is a password on disk that opens nothing.
    app.log.warn('ADMIN_PASSWORD is set but an admin exists, so it is not used: remove it from the environment (docs/deploy.md)');
  }
  if (!admin.created && admin.adminEmailUnused) {
    // Also read only while no admin exists: added later, forgot-password would reach no one without a word.
    app.log.warn(
      'ADMIN_EMAIL is set but an admin exists and none has that address, so it is not used: forgot-password goes to the e-mail in a teacher\'s own Settings tab of the console (docs/deploy.md)',
    );
  }

  if (dataDirWarning) app.log.warn(dataDirWarning);
  for (const { given, meant } of misspeltSettings()) {
    app.log.warn(`${given} is set, but Parley reads no setting of that name, so it is not used: did you mean ${meant}? (docs/deploy.md)`);
  }
  if (database.migrations) {
    const line = migrationsLogLine(database.migrations);
    app.log[line.level]({ migrations: database.migrations }, line.message);
  }
  const facts = {
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    recordingStore: recordingStores.writeTo.kind,
    smtpUrl: config.SMTP_URL,
    publicUrl: config.PUBLIC_URL,
    host: config.HOST,
    port: config.PORT,
    trustProxy: config.TRUST_PROXY,
  };
  for (const line of startupSummary(facts)) app.log[line.level](line.message);

  const sweep = setInterval(() => {
    deleteExpiredSessions(database.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    const pruned = pruneOutbox(outboxDir, new Date());
    if (pruned > 0) app.log.info({ removed: pruned }, 'outbox: mails older than a week removed');
  }, 60 * 60 * 1000);
  sweep.unref();
  // The recordings are analysed in processes of their own, held while this server answers requests.
  const foreground = new ForegroundGate();
  holdForRequests(app.server, foreground);
  analysis.runner = startAnalysisRunner({ db: database.db, stores: recordingStores, processes: new AnalysisProcesses({ gate: foreground }), log: app.log });
  const stopRecordingMaintenance = startRecordingMaintenance({
    db: database.db,
    stores: recordingStores,
    retentionDays: config.RECORDING_RETENTION_DAYS,
    now: () => new Date(),
    log: app.log,
  });

  // Every connection accepted before the signal gets an answer (a 503 once stopping): lib/graceful-stop.ts.
  const stop = installGracefulStop(app.server, { graceMs: 2000, headers: appSecurityHeaders(config.PUBLIC_URL) });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in progress');
    clearInterval(sweep);
    stopRecordingMaintenance();
    await analysis.runner?.stop();
    // The listener closes only once the connections already queued for it have been taken (answered 503).
    await stop.begin();
    await app.close();
    mailer.close();
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  // The mail server is tried once at start-up, in the background: a wrong SMTP_URL shows in the log
  // now, not when a teacher's set-password mail never arrives.
  if (mailer.delivers) {
    void mailer.check().then((problem) => {
      if (problem) app.log.warn(problem);
      else app.log.info(mailReachedMessage(config.SMTP_URL ?? ''));
    });
  }
}

main().catch((error: unknown) => {
  const problem =
    error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof NewerDatabaseError
      ? error.message
      : error instanceof BudgetStoreUnavailableError
        ? `${error.message}. Start Redis, or correct REDIS_URL.`
        : startupProblem(error);
  if (problem) {
    process.stderr.write(`\nParley cannot start.\n${problem}\n\n`);
  } else {
    // Never the parameters of a failed query (the first admin's password hash): log-safety.ts.
    process.stderr.write(`\nParley cannot start: ${safeErrorText(error)}\n`);
  }
  process.exit(1);
});
