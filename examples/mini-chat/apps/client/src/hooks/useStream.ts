import { sdk } from '../stubs/sdk';

/** Subscribe to a server stream (e.g. 'room-messages'); returns a function that subscribes to one key. */
export function useStream(name: string) {
	return (key: string, listener: (...args: unknown[]) => void) => sdk.stream(name, key, listener);
}
