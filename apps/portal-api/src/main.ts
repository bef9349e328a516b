import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { runApp } from '@app/platform';
import { loadPortalApiConfig } from './portal-api.config';
import { PortalApiModule } from './portal-api.module';
import { configurePortalApi } from './portal-api.setup';

const config = loadConfigOrExit(() => loadPortalApiConfig());
runApp(PortalApiModule.forRoot(config), config.runtime, { configure: (app) => configurePortalApi(app, config) });
