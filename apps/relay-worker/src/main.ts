import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { runApp } from '@app/platform';
import { loadRelayWorkerConfig } from './relay-worker.config';
import { RelayWorkerModule } from './relay-worker.module';

const config = loadConfigOrExit(() => loadRelayWorkerConfig());
runApp(RelayWorkerModule.forRoot(config), config.runtime);
