/** The product version, shown in the API docs and the CLI. Bump with each release. */
export const VERSION = '0.1.0';
