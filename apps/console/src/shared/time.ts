/** How the platform's API writes and reads times: China time to the second, as dayjs formats it. */
export const SERVER_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
