/** How a CLI command reports: a human line, or exactly one JSON object with --json. */
export interface Output {
  readonly json: boolean;
  result(value: Record<string, unknown>, human: string): void;
}

export function createOutput(
  json: boolean,
  write: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Output {
  return {
    json,
    result(value, human) {
      write(json ? JSON.stringify(value) : human);
    },
  };
}

/** A failure the user can fix; printed without a stack trace, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
