// The development server's entry: the API server (api/src/server.ts) as development runs it: in test-payment mode (no STRIPE_SECRET_KEY,
// no STRIPE_EMULATOR_URL) the Stripe emulator starts first in this process, on an ephemeral port,
// posting its signed events to the server's own webhook, and the server is given its address as
// STRIPE_EMULATOR_URL. With keys, or with STRIPE_EMULATOR_URL set, it only starts the server.
// `npm start`, `npm run dev`, the browser tests and the benchmarks run this; production runs
// api/dist/server.js, which never contains the emulator.
// Run: node --import tsx scripts/dev-server.ts [--seed]
import { loadConfig, ConfigError } from '../api/src/config.ts';
import { StripeEmulator } from '@tm/stripe-emulator';

let emulator: StripeEmulator | null = null;
try {
  const config = loadConfig();
  if (config.stripe.testMode && !config.stripe.emulatorUrl && !config.isProduction) {
    const host = ['0.0.0.0', '::', 'localhost', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
    emulator = new StripeEmulator({
      webhookSecret: config.stripe.webhookSecret,
      webhookUrl: `http://${host}:${config.port}/api/stripe/webhook`,
      onError: (message, err) => console.error(message, err),
    });
    const address = await emulator.start();
    process.env.STRIPE_EMULATOR_URL = `http://${address.host}:${address.port}`;
    console.log(`Test-payment mode: the Stripe emulator (tools/stripe-emulator) listens on ${process.env.STRIPE_EMULATOR_URL}; try 4242 4242 4242 4242.`);
  }
} catch (err) {
  // The server reads the configuration again and says what is wrong with it.
  if (!(err instanceof ConfigError)) throw err;
}

await import('../api/src/server.ts');
