declare function defineEventHandler<T>(fn: (event: { id: string }) => T): T;

export default defineEventHandler(async (event) => ({ updated: event.id }));
