export * from './gb3838';
