import { ConfigError, loadConfig } from './config.ts';
import { NO_TELEMETRY, startTelemetry } from './platform/telemetry.ts';

// Telemetry starts before the server's modules are imported, so that HTTP and pg are instrumented
// as they load; with nothing configured it loads nothing (platform/telemetry.ts).
let telemetry = NO_TELEMETRY;
try {
  telemetry = await startTelemetry(loadConfig(), { esmHooks: true });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error; // start() reports the configuration's errors
}
const { start } = await import('./server.ts');
await start({ web: process.argv.includes('--no-web') ? 'none' : 'build', telemetry });
