import { pageSignalsFirstScreen, startFirstScreenCall } from './app/first-call';
import { startup } from './app/startup';
import { firstScreenWaitsFor } from './shared/first-screen';
import './app/global.css';

/*
 * The entry is deliberately small: it resets an outdated browser (spec §3, before anything reads
 * storage), starts the first screen's data call, then loads the app. index.html preloads the app's code
 * (see vite.config.ts), so the call and the downloads run side by side.
 */
startup();
const { pathname } = window.location;
firstScreenWaitsFor(startFirstScreenCall(pathname)?.data ?? (pageSignalsFirstScreen(pathname) ? 'page' : undefined));
void import('./app/bootstrap');
