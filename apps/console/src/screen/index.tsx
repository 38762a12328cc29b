import { ScreenApp } from './ScreenApp';

/** The big-screen view, loaded by main.tsx for /platform/screen/<token> (outside the session gate). */
export default ScreenApp;
