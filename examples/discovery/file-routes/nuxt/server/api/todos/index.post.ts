// Nitro auto-imports `defineEventHandler`; declared here so the fixture type-checks alone.
declare function defineEventHandler<T>(fn: (event: { body: unknown }) => T): T;

export default defineEventHandler(async (event) => ({ created: event.body }));
