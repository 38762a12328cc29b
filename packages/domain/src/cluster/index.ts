export * from './kmeans';
export * from './profiles';
