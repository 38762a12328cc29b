export * from './fire-alarms';
export * from './period';
