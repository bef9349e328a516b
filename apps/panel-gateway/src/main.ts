import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { runApp } from '@app/platform';
import { loadPanelGatewayConfig } from './panel-gateway.config';
import { PanelGatewayModule } from './panel-gateway.module';

const config = loadConfigOrExit(() => loadPanelGatewayConfig());
runApp(PanelGatewayModule.forRoot(config), config.runtime);
