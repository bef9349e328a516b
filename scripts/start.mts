// `npm start`: the whole portal on one machine. Uses PostgreSQL, Redis and NATS on localhost when
// they answer, starts local ones where it can, then the four apps and the demo; Ctrl-C stops all it
// started. The apps' JSON logs go to .data/logs; `npm start -- --verbose` (or LOG_LEVEL) shows them too.
import { APPS, opsPort, portalHttpPort, startApp, waitHealthy } from './lib/app-processes.mts';
import { PortalRun } from './lib/portal-run.mts';

const run = new PortalRun('start');
const { env } = run;

async function main(): Promise<void> {
  run.checkBuilt();
  await run.ensureInfrastructure({ nats: true });
  await run.prepareAppEnvironment();

  // portal-api migrates the database; the others start once the schema is there.
  const [first, ...rest] = APPS;
  const api = startApp(first.name, env, 0, run.output);
  run.apps.push(api);
  await waitHealthy(api, opsPort(first.name, env));
  const others = rest.map((app, index) => startApp(app.name, env, index + 1, run.output));
  run.apps.push(...others);
  await Promise.all(others.map((app, index) => waitHealthy(app, opsPort(rest[index].name, env))));

  run.watchApps();
  run.log('every service reports healthy');
  const port = portalHttpPort(env);
  const demo = await run.startDemo([Number(env.GATEWAY_PANEL_PORT ?? 7700)], `http://127.0.0.1:${port}`);
  run.printBanner([
    `Fire Alarm Portal is running at http://localhost:${port}   (Ctrl-C stops everything)`,
    ...run.bannerTail(demo),
  ]);
  run.readDemoConsole(demo);
}

main().catch(async (error: unknown) => {
  run.log(`start failed: ${(error as Error).message}`);
  await run.stopEverything(1);
});
