import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { runApp } from '@app/platform';
import { loadMailerConfig } from './mailer.config';
import { MailerModule } from './mailer.module';

const config = loadConfigOrExit(() => loadMailerConfig());
runApp(MailerModule.forRoot(config), config.runtime);
