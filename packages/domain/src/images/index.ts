export * from './exif';
