import { sdk } from '../stubs/sdk';

type Method = 'GET' | 'POST';

/** A function that calls the REST route `path` with `method`. */
export function useEndpoint(method: Method, path: string): (params?: unknown) => Promise<unknown> {
	return (params) => (method === 'POST' ? sdk.rest.post(path, params) : sdk.rest.get(path));
}
