/**
 * The pino root logger. Created once by a command and injected into whatever needs it; no module
 * imports a global logger. Secrets are redacted by path, so even a careless `log.info(req)` or a
 * logged request body cannot print a bearer token, an API key or a callback secret.
 */
import { type DestinationStream, type Level, type Logger, pino } from "pino";

export type { Logger };

/** Paths pino censors wherever they appear in a log line. */
export const REDACT_PATHS = [
	"req.headers.authorization",
	"req.headers.cookie",
	'req.headers["x-api-key"]',
	'req.headers["x-goog-api-key"]',
	'res.headers["set-cookie"]',
	"apiKey",
	"*.apiKey",
	"*.*.apiKey",
	"secret",
	"*.secret",
	"*.*.secret",
	"token",
	"*.token",
];

export interface LoggerOptions {
	level: Level | "silent";
	/** Where lines go; defaults to stdout. The MCP server must pass stderr (stdout is its protocol). */
	destination?: DestinationStream | NodeJS.WritableStream;
	name?: string;
}

export function createLogger(options: LoggerOptions): Logger {
	return pino(
		{
			name: options.name ?? "codeask",
			level: options.level,
			redact: { paths: REDACT_PATHS, censor: "[redacted]" },
			base: { pid: process.pid },
		},
		options.destination ?? pino.destination(1),
	);
}
