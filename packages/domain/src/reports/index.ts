export * from './placeholders';
export * from './schedule';
