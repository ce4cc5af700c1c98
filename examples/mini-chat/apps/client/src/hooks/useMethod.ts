import { sdk } from '../stubs/sdk';

/** A function that calls the Meteor method `name` on the server. */
export const useMethod =
	(name: string) =>
	(...args: unknown[]): Promise<unknown> =>
		sdk.call(name, ...args);
