export * from './fire-alarms';
