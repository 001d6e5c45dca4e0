import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';

/** Process entry: config, app, listen, graceful close. Nothing else. */
async function main() {
  let config: ReturnType<typeof loadEnv>;
  try {
    config = loadEnv();
  } catch (error) {
    console.error(`Parley cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await buildApp({ config });
  const close = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Parley is serving http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
  // The sandbox is probed now, after listening (the first run need not wait), and the operator
  // reads in the log what runs code here or why nothing does (docs/sandbox.md).
  const code = await app.ctx.codeExecutor.availability();
  if (code.ok)
    app.log.info({ langs: code.langs, notes: code.notes }, `Code execution: ${code.engine} engine`);
  else app.log.warn(`Code execution is unavailable: ${code.reason}`);
}

main().catch((error) => {
  console.error(`Parley failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
